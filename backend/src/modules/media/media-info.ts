import type { MediaInfo } from '@cloud9/contracts';
import { variantKey, type StoredVariant } from './image-variants';

/** A media row's facts as selected beside the post or notice that uses it (all null without a row). */
export interface MediaColumns {
  media_width: number | null;
  media_height: number | null;
  media_placeholder: string | null;
  media_variants: unknown;
}

/** The columns of MediaColumns, for a query that joins `media` as `alias`. */
export const mediaColumns = (alias: string): string =>
  `${alias}.width AS media_width, ${alias}.height AS media_height, ${alias}.placeholder AS media_placeholder, ${alias}.variants AS media_variants`;

/**
 * The wire form of a stored file's facts; `url` is its /uploads/ URL, and a variant's URL is
 * derived from it. Null without a URL or a row (a file stored before rows existed).
 */
export function toMediaInfo(url: string | null, facts: { width: number | null; height: number | null; placeholder: string | null; variants: unknown } | undefined): MediaInfo | null {
  if (!url || !facts || !Array.isArray(facts.variants)) return null;
  const variants = (facts.variants as StoredVariant[])
    .map((v) => ({ url: `/uploads/${variantKey(url.replace(/^\/uploads\//, ''), v.width)}`, width: v.width, height: v.height }))
    .sort((a, b) => a.width - b.width);
  return { width: facts.width, height: facts.height, placeholder: facts.placeholder, variants };
}

/** `{ media }` from a row carrying MediaColumns, or nothing (the field is left out) when it has no upload. */
export function mediaInfoOfRow(url: string | null, r: MediaColumns): { media?: MediaInfo } {
  const media = toMediaInfo(url, { width: r.media_width, height: r.media_height, placeholder: r.media_placeholder, variants: r.media_variants });
  return media ? { media } : {};
}
