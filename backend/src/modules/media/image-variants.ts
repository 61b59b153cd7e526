import sharp from 'sharp';
import { decodeLimit } from './image-pixels';

/** What an image is shown as: each gets variants of its own widths. */
export type ImagePurpose = 'post' | 'avatar' | 'banner';

/** Widths of the WebP variants made for each purpose (a variant is never wider than its original). */
const VARIANT_WIDTHS: Readonly<Record<ImagePurpose, readonly number[]>> = {
  post: [320, 640, 1280],
  avatar: [96, 192],
  banner: [640, 1280],
};
const ALL_WIDTHS = new Set(Object.values(VARIANT_WIDTHS).flat());

/** The stored original's longest side: a bigger upload is scaled down to it. */
export const MAX_ORIGINAL_SIDE = 2048;

/** Longest side of the preview stored in the row: a few hundred bytes, shown blurred while the image loads. */
const PLACEHOLDER_SIDE = 16;

/** A variant as the media row records it; its file is variantKey(storage key, width). */
export interface StoredVariant {
  width: number;
  height: number;
}

export interface ImageFacts {
  width: number;
  height: number;
  /** A `data:image/webp;base64,…` preview. */
  placeholder: string;
  /** More than one frame (GIF or WebP animation): kept as uploaded, without variants. */
  animated: boolean;
}

/** The name of a stored file's variant of `width` (beside it in the media store). */
export const variantKey = (storageKey: string, width: number): string => `${storageKey}.w${width}.webp`;

/** Every variant name a stored file may have (to remove them with it). */
export const variantKeysOf = (storageKey: string): string[] => [...ALL_WIDTHS].map((w) => variantKey(storageKey, w));

/** The stored file a variant name belongs to, or null when `name` is not a variant's. */
export function baseKeyOf(name: string): string | null {
  const match = /^(.+)\.w(\d+)\.webp$/.exec(name);
  return match && ALL_WIDTHS.has(Number(match[2])) ? match[1] : null;
}

/** The widths of `purpose` narrower than an image `width` wide: no variant is an upscale or a copy. */
export const widthsFor = (purpose: ImagePurpose, width: number): number[] => VARIANT_WIDTHS[purpose].filter((w) => w < width);

/**
 * The widths an image `width` wide (null: not known yet) wants for all the ways it is shown,
 * narrowest first.
 */
export const wantedWidths = (purposes: readonly ImagePurpose[], width: number | null): number[] =>
  [...new Set(purposes.flatMap((p) => VARIANT_WIDTHS[p]))].filter((w) => width === null || w < width).sort((a, b) => a - b);

/** Whether a stored image has more than one frame (read from its header only). */
export async function isAnimated(file: string): Promise<boolean> {
  return ((await sharp(file, { limitInputPixels: decodeLimit(false) }).metadata()).pages ?? 1) > 1;
}

/**
 * Size, preview and animation of a stored (already sanitised, upright) image. The preview decodes
 * the first frame only, within the one-frame pixel limit.
 */
export async function describeImage(file: string): Promise<ImageFacts> {
  const options = { limitInputPixels: decodeLimit(false) };
  const meta = await sharp(file, options).metadata();
  const preview = await sharp(file, options).resize(PLACEHOLDER_SIDE, PLACEHOLDER_SIDE, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();
  return {
    width: meta.width!,
    height: meta.pageHeight ?? meta.height!,
    placeholder: `data:image/webp;base64,${preview.toString('base64')}`,
    animated: (meta.pages ?? 1) > 1,
  };
}

/** Writes the WebP variant of `source` `width` pixels wide as `output` (a scratch file the caller stores); its size. */
export async function writeVariant(source: string, output: string, width: number): Promise<StoredVariant> {
  const info = await sharp(source, { limitInputPixels: decodeLimit(false) }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(output);
  return { width: info.width, height: info.height };
}
