import type { MediaInfo } from '@cloud9/contracts';
import { variantKey, type StoredVariant } from './image-variants';

/** A media row's facts as selected beside the row that uses it, named `<prefix>_…` (all null without a row). */
export type MediaColumns<P extends string = 'media'> = Record<`${P}_width` | `${P}_height`, number | null> &
  Record<`${P}_placeholder`, string | null> &
  Record<`${P}_variants`, unknown> &
  Partial<Record<`${P}_poster_key`, string | null> & Record<`${P}_poster_width` | `${P}_poster_height`, number | null>>;

/**
 * The columns of MediaColumns<prefix>, for a query that joins `media` as `alias` and, when
 * `posterAlias` is given, its poster's row as `posterAlias` (see posterJoin).
 */
export const mediaColumns = (alias: string, prefix = 'media', posterAlias?: string): string =>
  `${alias}.width AS ${prefix}_width, ${alias}.height AS ${prefix}_height, ${alias}.placeholder AS ${prefix}_placeholder, ${alias}.variants AS ${prefix}_variants` +
  (posterAlias ? `, ${posterAlias}.storage_key AS ${prefix}_poster_key, ${posterAlias}.width AS ${prefix}_poster_width, ${posterAlias}.height AS ${prefix}_poster_height` : '');

/** Joins the poster frame's row of the video joined as `alias` (a primary-key probe; none for other files). */
export const posterJoin = (alias: string, posterAlias: string): string => `LEFT JOIN media ${posterAlias} ON ${posterAlias}.id = ${alias}.poster_id`;

/** A video's poster frame as recorded: its own stored file and size. */
export interface PosterFacts {
  key: string;
  width: number;
  height: number;
}

/**
 * The wire form of a stored file's facts; `url` is its /uploads/ URL, and a variant's URL is
 * derived from it. Null without a URL or a row (a file stored before rows existed).
 */
export function toMediaInfo(
  url: string | null,
  facts: { width: number | null; height: number | null; placeholder: string | null; variants: unknown; poster?: PosterFacts | null } | undefined,
): MediaInfo | null {
  if (!url || !facts || !Array.isArray(facts.variants)) return null;
  const variants = (facts.variants as StoredVariant[])
    .map((v) => ({ url: `/uploads/${variantKey(url.replace(/^\/uploads\//, ''), v.width)}`, width: v.width, height: v.height }))
    .sort((a, b) => a.width - b.width);
  const { poster } = facts;
  return { width: facts.width, height: facts.height, placeholder: facts.placeholder, variants, ...(poster && { poster: { url: `/uploads/${poster.key}`, width: poster.width, height: poster.height } }) };
}

/** The facts of the file at `url` from a row carrying MediaColumns<prefix>; undefined without them. */
export function mediaInfoOfRow<P extends string>(url: string | null, r: MediaColumns<P>, prefix: P): MediaInfo | undefined {
  const column = <C extends string>(name: C) => (r as Record<string, unknown>)[`${prefix}_${name}`];
  const posterKey = column('poster_key') as string | null | undefined;
  const poster = posterKey ? { key: posterKey, width: column('poster_width') as number, height: column('poster_height') as number } : null;
  const facts = { width: column('width') as number | null, height: column('height') as number | null, placeholder: column('placeholder') as string | null, variants: column('variants'), poster };
  return toMediaInfo(url, facts) ?? undefined;
}
