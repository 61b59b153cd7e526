import { promises as fs } from 'node:fs';
import sharp, { type Metadata } from 'sharp';
import { cleanGif, MalformedGifError } from './gif-cleaner';
import { assertImageWithin, decodeLimit, UnreadableHeaderError } from './image-pixels';
import { MAX_ORIGINAL_SIDE } from './image-variants';

// Uploads are deleted right after processing: libvips must not keep them open in its file cache.
sharp.cache({ files: 0 });

/**
 * Images rewritten without metadata. GIF is cut to its frames rather than re-encoded: re-encoding
 * an animation decodes every frame and re-quantises it (48 s for a 530 kB, 783-frame GIF here).
 */
const SANITIZED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

export const needsSanitizing = (mime: string): boolean => SANITIZED.has(mime);

/** The decoder could not read the file as the image its bytes claim to be. */
export class UndecodableImageError extends Error {}

/**
 * Writes `input` to `output` upright (EXIF orientation applied), scaled down to fit
 * MAX_ORIGINAL_SIDE and re-encoded in the same format, without EXIF, GPS, XMP, IPTC or ICC data
 * (sharp keeps none of them unless asked); a GIF is cut instead (sanitizeGif) and an animated WebP
 * keeps its frames and size (resizing every frame of an animation costs far more than a request should).
 * An image larger in pixels than IMAGE_PIXELS allows rejects with TooManyPixelsError, judged from
 * its header before anything is decoded; a file that does not decode cleanly (truncated, corrupt, a
 * polyglot) with UndecodableImageError.
 */
export async function sanitizeImage(input: string, output: string, mime: string): Promise<void> {
  if (mime === 'image/gif') return sanitizeGif(input, output);
  let meta: Metadata;
  try {
    meta = await assertImageWithin(input);
  } catch (error) {
    if (error instanceof UnreadableHeaderError) throw new UndecodableImageError(error.message);
    throw error;
  }
  try {
    // An animated WebP keeps its frames; its orientation tag goes with the rest of the metadata.
    const animated = mime === 'image/webp' && (meta.pages ?? 1) > 1;
    const options = { failOn: 'warning', limitInputPixels: decodeLimit(animated) } as const;
    const image = animated
      ? sharp(input, { ...options, animated: true })
      : sharp(input, options).rotate().resize({ width: MAX_ORIGINAL_SIDE, height: MAX_ORIGINAL_SIDE, fit: 'inside', withoutEnlargement: true });
    if (mime === 'image/jpeg') image.jpeg({ quality: 88, mozjpeg: false });
    // A palette PNG stays a palette PNG (≤256 colours are kept exactly) instead of growing to truecolour.
    else if (mime === 'image/png') image.png({ compressionLevel: 9, palette: meta.isPalette === true });
    else if (mime === 'image/webp') image.webp({ quality: 88 });
    else image.avif({ quality: 60 });
    await image.toFile(output);
  } catch (error) {
    throw new UndecodableImageError((error as Error).message.split('\n')[0]);
  }
}

/** Keeps the frames, their timing and the loop count; drops everything else (see cleanGif). */
async function sanitizeGif(input: string, output: string): Promise<void> {
  let cleaned: Buffer;
  try {
    cleaned = await cleanGif(await fs.readFile(input));
  } catch (error) {
    if (error instanceof MalformedGifError) throw new UndecodableImageError(error.message);
    throw error;
  }
  await fs.writeFile(output, cleaned);
}
