import type { MediaInfo } from '@cloud9/contracts';
import { variantKey, type StoredVariant } from './image-variants';

/** A media row's facts as selected beside the row that uses it, named `<prefix>_…` (all null without a row). */
export type MediaColumns<P extends string = 'media'> = Record<`${P}_width` | `${P}_height`, number | null> &
  Record<`${P}_placeholder`, string | null> &
  Record<`${P}_variants`, unknown>;

/** The columns of MediaColumns<prefix>, for a query that joins `media` as `alias`. */
export const mediaColumns = (alias: string, prefix = 'media'): string =>
  `${alias}.width AS ${prefix}_width, ${alias}.height AS ${prefix}_height, ${alias}.placeholder AS ${prefix}_placeholder, ${alias}.variants AS ${prefix}_variants`;

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

/** The facts of the file at `url` from a row carrying MediaColumns<prefix>; undefined without them. */
export function mediaInfoOfRow<P extends string>(url: string | null, r: MediaColumns<P>, prefix: P): MediaInfo | undefined {
  const column = <C extends string>(name: C) => (r as Record<string, unknown>)[`${prefix}_${name}`];
  const facts = { width: column('width') as number | null, height: column('height') as number | null, placeholder: column('placeholder') as string | null, variants: column('variants') };
  return toMediaInfo(url, facts) ?? undefined;
}
