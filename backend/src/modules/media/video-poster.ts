import { promises as fs } from 'node:fs';
import sharp from 'sharp';
import { VIDEO_POSTER } from '@cloud9/contracts';
import { FileSignature } from './file-signature';
import { assertImageWithin, decodeLimit } from './image-pixels';
import { describeImage, type ImageFacts } from './image-variants';

/** The poster part is not an image we keep: too big, not a still JPEG, PNG or WebP, or not decodable. */
export class PosterRefusedError extends Error {}

/** Still images a browser's canvas exports (`toBlob`); a GIF or AVIF frame is refused. */
const POSTER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Writes the poster frame `input` (`bytes` long, sniffed as `sniffed`) to `output` as a WebP
 * upright within VIDEO_POSTER.maxSide, without metadata (only the first frame of an animated
 * WebP); its size and preview. Throws PosterRefusedError for anything else, a frame above
 * IMAGE_PIXELS included (judged from its header before it is decoded).
 */
export async function writePoster(input: string, bytes: number, sniffed: FileSignature | null, output: string): Promise<ImageFacts> {
  if (bytes > VIDEO_POSTER.maxBytes || !sniffed || !POSTER_TYPES.has(sniffed.mime)) throw new PosterRefusedError(`${bytes} bytes sniffed as ${sniffed?.mime ?? 'nothing known'}`);
  try {
    await assertImageWithin(input);
    await sharp(input, { failOn: 'warning', limitInputPixels: decodeLimit(false) })
      .rotate()
      .resize({ width: VIDEO_POSTER.maxSide, height: VIDEO_POSTER.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(output);
    return await describeImage(output);
  } catch (error) {
    await fs.rm(output, { force: true });
    throw new PosterRefusedError((error as Error).message.split('\n')[0]);
  }
}
