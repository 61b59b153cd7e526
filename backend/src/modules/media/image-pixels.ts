import sharp, { type Metadata } from 'sharp';
import { IMAGE_PIXELS } from '@cloud9/contracts';

/** The image is larger in pixels than IMAGE_PIXELS allows (a 415 with its own message). */
export class TooManyPixelsError extends Error {}

/** The image cannot be read far enough to know its size (the caller's "undecodable"). */
export class UnreadableHeaderError extends Error {}

/**
 * The pixel limit each decode passes (sharp's limitInputPixels counts every frame it loads):
 * one frame, or all of an animation's.
 */
export const decodeLimit = (animated: boolean): number => (animated ? IMAGE_PIXELS.maxAnimation : IMAGE_PIXELS.maxFrame);

/** Refuses a canvas (or a frame) above IMAGE_PIXELS' side or frame limit. */
function assertFrameWithin(width: number, height: number): void {
  if (width > IMAGE_PIXELS.maxSide || height > IMAGE_PIXELS.maxSide || width * height > IMAGE_PIXELS.maxFrame) {
    throw new TooManyPixelsError(`a ${width}×${height} image`);
  }
}

/** Refuses `frames` frames of `width` × `height` above the animation's total. */
function assertAnimationWithin(width: number, height: number, frames: number): void {
  if (width * height * frames > IMAGE_PIXELS.maxAnimation) throw new TooManyPixelsError(`${frames} frames of ${width}×${height}`);
}

/**
 * Judges a JPEG, PNG, WebP or AVIF file by the size its header declares, before any pixel is decoded
 * (sharp's metadata reads the header only): each frame within the side and frame limits, an animated
 * WebP's frames within the animation's; its metadata. A GIF is judged while it is cut (cleanGif).
 */
export async function assertImageWithin(file: string): Promise<Metadata> {
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded, so sharp's own limit is left to the decodes (it would call
    // a 50000 × 50000 header unreadable instead of too large).
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableHeaderError((error as Error).message.split('\n')[0]);
  }
  if (!meta.width || !meta.height) throw new UnreadableHeaderError('no size in the header');
  const frameHeight = meta.pageHeight ?? meta.height;
  assertFrameWithin(meta.width, frameHeight);
  assertAnimationWithin(meta.width, frameHeight, meta.pages ?? 1);
  return meta;
}
