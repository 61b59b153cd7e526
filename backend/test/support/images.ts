import sharp from 'sharp';

/**
 * A photo-like picture: a gradient of `width` × `height` in `format`, its blue channel set by `shade`
 * so each test's file (and its content address) is its own, and its green one lifted by `tone` so
 * the same test run on another media store has files of its own too (the run's database is shared,
 * and it knows a content address's variants). Gradients compress well, so large sizes stay under a
 * plan's upload limit.
 */
export function gradientImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', shade = 0, tone = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = Math.min(255, (y * 255) / height + tone);
      raw[i + 2] = shade;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

/** A picture of one flat colour, `width` × `height`: large in pixels, a few kB as a file. */
export function flatImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', shade = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: shade } } }).toFormat(format).toBuffer();
}

/**
 * An animated GIF of `frames` frames, each `width` × `height` of one flat colour (frame `i` in colour
 * `i % 4` of a 4-colour table). Written here rather than by sharp, which would hold every frame
 * decoded: the LZW data of a flat frame is a few kB however many pixels it has (each code covers
 * one pixel more than the last, up to the dictionary's 4096 entries).
 */
export function flatGif(width: number, height: number, frames: number): Buffer {
  const u16 = (n: number) => [n & 0xff, n >> 8];
  const palette = [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255];
  const out: number[] = [...Buffer.from('GIF89a', 'latin1'), ...u16(width), ...u16(height), 0xf1, 0, 0, ...palette];
  out.push(0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0); // loop for ever
  for (let f = 0; f < frames; f++) {
    out.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0); // 100 ms a frame
    out.push(0x2c, ...u16(0), ...u16(0), ...u16(width), ...u16(height), 0, 2);
    const data = flatLzw(width * height, f % 4);
    for (let at = 0; at < data.length; at += 255) {
      const block = data.subarray(at, at + 255);
      out.push(block.length, ...block);
    }
    out.push(0);
  }
  out.push(0x3b);
  return Buffer.from(out);
}

/** LZW data (minimum code size 2) for `pixels` pixels all of colour `colour`. */
function flatLzw(pixels: number, colour: number): Buffer {
  const clear = 4;
  const end = 5;
  const bytes: number[] = [];
  let bits = 0;
  let bitCount = 0;
  // The decoder's next free code decides the width of the code it reads next.
  let next = 6;
  let codes = 0;
  const emit = (code: number) => {
    const width = Math.min(12, Math.max(3, 32 - Math.clz32(next)));
    bits |= code << bitCount;
    bitCount += width;
    while (bitCount >= 8) {
      bytes.push(bits & 0xff);
      bits >>>= 8;
      bitCount -= 8;
    }
    // After its first code the decoder adds an entry per code, until the table is full.
    if (codes++ > 0 && next < 4096) next++;
  };
  // Code 0..3 is one pixel; code c ≥ 6 is the entry of c − 4 pixels of the run.
  const codeFor = (run: number) => (run === 1 ? colour : run + 4);
  emit(clear);
  codes = 0;
  let left = pixels;
  for (let run = 1; left > 0; run = Math.min(run + 1, 4091)) {
    const take = Math.min(run, left);
    emit(codeFor(take));
    left -= take;
  }
  emit(end);
  if (bitCount > 0) bytes.push(bits & 0xff);
  return Buffer.from(bytes);
}
