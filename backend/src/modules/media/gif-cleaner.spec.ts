import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { IMAGE_PIXELS } from '@cloud9/contracts';
import { cleanGif, cutLzwData, type GifPixelLimits, MalformedGifError } from './gif-cleaner';
import { TooManyPixelsError } from './image-pixels';

const FIXTURE = readFileSync(path.join(__dirname, '../../../test/fixtures/media/animated.gif'));
const clean = (gif: Buffer, limits: Partial<GifPixelLimits> = {}) => cleanGif(gif, { ...IMAGE_PIXELS, ...limits });

// ---- Building GIFs block by block ----

const le = (n: number) => [n & 0xff, n >> 8];
const subBlocks = (data: Buffer) => {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) parts.push(Buffer.from([Math.min(255, data.length - at)]), data.subarray(at, at + 255));
  return Buffer.concat([...parts, Buffer.from([0])]);
};
const extension = (label: number, ...blocks: Buffer[]) => Buffer.concat([Buffer.from([0x21, label]), ...blocks.map((b) => Buffer.from([b.length, ...b])), Buffer.from([0])]);
const application = (id: string, ...blocks: Buffer[]) => extension(0xff, Buffer.from(id, 'latin1'), ...blocks);
const graphicControl = (delayCs: number) => extension(0xf9, Buffer.from([0x04, ...le(delayCs), 0]));
const comment = (text: string) => extension(0xfe, Buffer.from(text, 'latin1'));

/** LZW codes for `pixels` as literals only (valid, uncompressed), tracking the code size as a decoder does. */
function literalLzw(pixels: number[], minCodeSize = 2): Buffer {
  const clear = 1 << minCodeSize;
  const out: number[] = [];
  let acc = 0;
  let accBits = 0;
  let codeSize = minCodeSize + 1;
  let next = clear + 2;
  const emit = (code: number) => {
    acc |= code << accBits;
    accBits += codeSize;
    while (accBits >= 8) {
      out.push(acc & 0xff);
      acc >>>= 8;
      accBits -= 8;
    }
  };
  emit(clear);
  pixels.forEach((p, i) => {
    emit(p);
    if (i === 0) return;
    next++;
    if (next === 1 << codeSize && codeSize < 12) codeSize++;
    if (next === 4095) {
      emit(clear);
      codeSize = minCodeSize + 1;
      next = clear + 2;
    }
  });
  emit(clear + 1);
  if (accBits) out.push(acc & 0xff);
  return Buffer.from(out);
}

/** A 4×2 image of colour indexes `pixels` (4 colours), with `lzw` as its data. */
const image = (pixels: number[], lzw = literalLzw(pixels)) => Buffer.concat([Buffer.from([0x2c, ...le(0), ...le(0), ...le(4), ...le(2), 0x00, 2]), subBlocks(lzw)]);
/** The same, shown for 0.2 s. */
const frame = (pixels: number[], lzw?: Buffer) => Buffer.concat([graphicControl(20), image(pixels, lzw)]);
const plainText = (text: string) => extension(0x01, Buffer.from([...le(0), ...le(0), ...le(8), ...le(8), 8, 8, 0, 1]), Buffer.from(text, 'latin1'));
const PIXELS_A = [0, 1, 2, 3, 3, 2, 1, 0];
const PIXELS_B = [1, 1, 1, 1, 2, 2, 2, 2];
const HEAD = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([...le(4), ...le(2), 0x81, 0, 0]), Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])]);
const LOOP_FOREVER = application('NETSCAPE2.0', Buffer.from([1, 0, 0]));
const TRAILER = Buffer.from([0x3b]);
const gif = (...blocks: Buffer[]) => Buffer.concat([HEAD, ...blocks, TRAILER]);
const PLAIN = gif(LOOP_FOREVER, frame(PIXELS_A), frame(PIXELS_B));

/** Header, screen descriptor and global colour table of a GIF. */
const headLength = (g: Buffer) => 13 + (g[10] & 0x80 ? 3 * (1 << ((g[10] & 7) + 1)) : 0);
const insertAfterHead = (g: Buffer, ...blocks: Buffer[]) => Buffer.concat([g.subarray(0, headLength(g)), ...blocks, g.subarray(headLength(g))]);

async function framesOf(g: Buffer) {
  const image = sharp(g, { animated: true });
  const { pages, delay, loop } = await image.metadata();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { pages, delay, loop, pixels: data, channels: info.channels };
}

describe('cleanGif', () => {
  it('keeps every frame, its timing and the loop count exactly (a real ffmpeg GIF)', async () => {
    const cleaned = await clean(FIXTURE);
    const [before, after] = await Promise.all([framesOf(FIXTURE), framesOf(cleaned)]);
    expect(before.pages).toBe(4);
    expect(after.pages).toBe(4);
    expect(after.delay).toEqual(before.delay);
    expect(after.loop).toBe(0);
    expect(after.pixels.equals(before.pixels)).toBe(true);
  });

  it('keeps the frames of a GIF built block by block, decoded as drawn', async () => {
    const { pixels, pages, delay, channels } = await framesOf(await clean(PLAIN));
    expect(pages).toBe(2);
    expect(delay).toEqual([200, 200]);
    const colour = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]];
    const expected = [...PIXELS_A, ...PIXELS_B].flatMap((i) => [...colour[i], 255].slice(0, channels));
    expect([...pixels]).toEqual(expected);
  });

  it.each([
    ['HTML', Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>')],
    ['a zip archive', Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), Buffer.alloc(40, 7), Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)])],
    ['a second GIF', PLAIN],
  ])('cuts %s appended after the trailer', async (_name, tail) => {
    const cleaned = await clean(Buffer.concat([FIXTURE, tail]));
    expect(cleaned.equals(await clean(FIXTURE))).toBe(true);
    expect(cleaned[cleaned.length - 1]).toBe(0x3b);
    expect(cleaned.includes(tail.subarray(0, 8))).toBe(false);
  });

  it('drops comments, XMP, ICC, unknown application and plain-text blocks', async () => {
    const loaded = insertAfterHead(
      FIXTURE,
      comment('taken at 51.5N 0.12W by Jane'),
      application('XMP DataXMP', Buffer.from('<x:xmpmeta><exif:GPSLatitude>51,30N</exif:GPSLatitude></x:xmpmeta>')),
      application('ICCRGBG1012', Buffer.from('ICC profile bytes')),
      application('EVILCORP1.0', Buffer.from('<script>alert(1)</script>')),
      plainText('plain text'),
      extension(0x99, Buffer.from('unknown label')),
    );
    const cleaned = await clean(loaded);
    expect(cleaned.equals(await clean(FIXTURE))).toBe(true);
    for (const secret of ['51.5N', 'GPSLatitude', 'ICC profile', '<script', 'plain text', 'unknown label']) expect(cleaned.includes(Buffer.from(secret))).toBe(false);
  });

  it('drops the timing that belonged to a dropped plain-text block, and keeps only the last timing before a frame', async () => {
    const withText = await clean(gif(graphicControl(500), plainText('caption'), image(PIXELS_A)));
    expect(withText.equals(await clean(gif(image(PIXELS_A))))).toBe(true);
    const twoTimings = await clean(gif(graphicControl(500), graphicControl(20), image(PIXELS_A)));
    expect(twoTimings.equals(await clean(gif(frame(PIXELS_A))))).toBe(true);
  });

  it('keeps the loop count as one canonical NETSCAPE2.0 block, without data hidden in it', async () => {
    const loopThrice = application('NETSCAPE2.0', Buffer.from([1, 3, 0]), Buffer.from('hidden payload'));
    const cleaned = await clean(gif(loopThrice, application('NETSCAPE2.0', Buffer.from([1, 9, 0])), frame(PIXELS_A), frame(PIXELS_B)));
    expect(cleaned.includes(application('NETSCAPE2.0', Buffer.from([1, 3, 0])))).toBe(true);
    expect((await framesOf(cleaned)).loop).toBe(4); // libvips counts plays: the first one plus 3 repeats
    expect(cleaned.includes(Buffer.from('hidden'))).toBe(false);
    expect(cleaned.indexOf(Buffer.from('NETSCAPE2.0'))).toBe(cleaned.lastIndexOf(Buffer.from('NETSCAPE2.0')));
    // ANIMEXTS1.0 says the same thing and is kept as NETSCAPE2.0.
    const animexts = await clean(gif(application('ANIMEXTS1.0', Buffer.from([1, 2, 0])), frame(PIXELS_A), frame(PIXELS_B)));
    expect(animexts.includes(application('NETSCAPE2.0', Buffer.from([1, 2, 0])))).toBe(true);
    // Without a loop block the GIF plays once, as uploaded.
    expect((await clean(gif(frame(PIXELS_A), frame(PIXELS_B)))).includes(Buffer.from('NETSCAPE'))).toBe(false);
  });

  it('drops bytes hidden after a frame\'s end code and zeroes the unused bits of its last byte', async () => {
    const lzw = literalLzw(PIXELS_A);
    const hidden = Buffer.concat([lzw, Buffer.from('PK\x03\x04 hidden archive after the end code', 'latin1')]);
    // 36 bits of codes (4 of 3 bits, 6 of 4 bits once the dictionary reaches 8): the top 4 bits of byte 5 are unused.
    const lastBitsSet = Buffer.from(lzw);
    lastBitsSet[4] |= 0xf0;
    for (const data of [hidden, lastBitsSet]) {
      const cleaned = await clean(gif(frame(PIXELS_A, data)));
      expect(cleaned.equals(await clean(gif(frame(PIXELS_A))))).toBe(true);
      expect(cleaned.includes(Buffer.from('hidden'))).toBe(false);
    }
  });

  it('gives the same bytes when run on its own output', async () => {
    const once = await clean(insertAfterHead(FIXTURE, comment('x')));
    expect((await clean(once)).equals(once)).toBe(true);
  });

  it('refuses every truncation of the file (each prefix short of the trailer)', async () => {
    const whole = await clean(FIXTURE);
    for (let length = 0; length < whole.length; length++) {
      await expect(clean(whole.subarray(0, length))).rejects.toBeInstanceOf(MalformedGifError);
    }
  });

  it.each([
    ['not a GIF signature', Buffer.concat([Buffer.from('GIF88a'), PLAIN.subarray(6)])],
    ['an unknown block introducer', gif(Buffer.from([0x00]), frame(PIXELS_A))],
    ['a graphic control block of the wrong size', gif(extension(0xf9, Buffer.from([0, 0, 0, 0, 0])), frame(PIXELS_A))],
    ['no frame at all', gif(LOOP_FOREVER, comment('just a comment'))],
    ['an LZW minimum code size of 12', gif(Buffer.concat([Buffer.from([0x2c, ...le(0), ...le(0), ...le(4), ...le(2), 0x00, 12]), subBlocks(literalLzw(PIXELS_A))]))],
    ['a frame whose data starts with an undefined code', gif(frame(PIXELS_A, Buffer.from([0x04 | (7 << 3), 0xff])))],
    ['a frame with fewer pixels than its size', gif(frame(PIXELS_A, literalLzw(PIXELS_A.slice(0, 5))))],
    ['a frame with no data', gif(frame(PIXELS_A, Buffer.alloc(0)))],
  ])('refuses %s', async (_name, bad) => {
    await expect(clean(bad)).rejects.toBeInstanceOf(MalformedGifError);
  });

  it('refuses a canvas or a frame larger than the pixel limits, before reading its data', async () => {
    await expect(clean(PLAIN, { maxFrame: 7 })).rejects.toThrow(/4×2 canvas is too large/);
    await expect(clean(PLAIN, { maxSide: 3 })).rejects.toThrow(TooManyPixelsError);
    // The frame's data would not even be enough for its size: the size is judged first.
    const bigFrame = Buffer.concat([Buffer.from([0x2c, ...le(0), ...le(0), ...le(5000), ...le(5000), 0x00, 2]), subBlocks(literalLzw(PIXELS_A))]);
    await expect(clean(gif(bigFrame))).rejects.toThrow(/5000×5000 frame is too large/);
    const wideFrame = Buffer.concat([Buffer.from([0x2c, ...le(0), ...le(0), ...le(5000), ...le(1), 0x00, 2]), subBlocks(literalLzw(PIXELS_A))]);
    await expect(clean(gif(wideFrame))).rejects.toBeInstanceOf(TooManyPixelsError);
  });

  it('refuses frames whose canvases add up to more than the animation limit, counting the canvas of each', async () => {
    // PLAIN's canvas is 4×2: 8 pixels a frame.
    const frames = (n: number) => gif(...Array.from({ length: n }, () => frame(PIXELS_A)));
    await expect(clean(frames(3), { maxAnimation: 24 })).resolves.toBeInstanceOf(Buffer);
    await expect(clean(frames(4), { maxAnimation: 24 })).rejects.toThrow(/4 frames of 4×2/);
  });
});

describe('cutLzwData', () => {
  it('counts the pixels of dictionary codes, so a compressed frame is judged complete', () => {
    // Min size 2: clear, 1, 6 (= "1 1"), 7 (= "1 1 1") in 3 bits, then end in 4 bits (8 entries now) → 6 pixels.
    const codes = [4, 1, 6, 7, 5];
    let value = 0;
    codes.forEach((c, i) => (value |= c << (3 * i)));
    const data = Buffer.from([value & 0xff, (value >> 8) & 0xff]);
    expect(cutLzwData(data, 2, 6).equals(data)).toBe(true);
    expect(() => cutLzwData(data, 2, 7)).toThrow(MalformedGifError);
  });

  it('accepts data without an end code once the frame is complete', () => {
    const withoutEnd = literalLzw(PIXELS_A).subarray(0, 4); // clear + 8 pixels fill 32 bits; the end code is in byte 5
    expect(cutLzwData(withoutEnd, 2, PIXELS_A.length).length).toBe(4);
  });
});
