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
