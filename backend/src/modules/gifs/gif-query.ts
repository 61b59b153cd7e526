import { BadRequestException } from '@nestjs/common';
import { LIMITS, MESSAGES } from '@cloud9/contracts';

const GIF_RATINGS = ['g', 'pg', 'pg-13', 'r'] as const;
type GifRating = (typeof GIF_RATINGS)[number];
export type GifEndpoint = 'search' | 'trending';

const GIF_QUERY_MAX = 100;
const GIF_LIMIT_MAX = 50;
const GIF_OFFSET_MAX = 4999;

/** One validated, normalised request to the provider (also the cache key). */
export interface GifQuery {
  endpoint: GifEndpoint;
  /** Search words, trimmed, inner spaces collapsed, lower case; null for trending. */
  q: string | null;
  limit: number;
  offset: number;
  rating: GifRating;
}

/** A single query value: absent or empty means "use the default"; repeated means invalid. */
function single(raw: unknown, message: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new BadRequestException(message);
  return raw.trim() === '' ? undefined : raw.trim();
}

function wholeNumber(raw: unknown, min: number, max: number, fallback: number, message: string): number {
  const value = single(raw, message);
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value)) throw new BadRequestException(message);
  const n = Number(value);
  if (n < min || n > max) throw new BadRequestException(message);
  return n;
}

/**
 * Validates `?q&limit&offset&rating` of /api/gifs/search and /api/gifs/trending; anything outside
 * the rules is a 400 with a catalogue message. q is required (1–100 characters) for search only.
 */
export function parseGifQuery(endpoint: GifEndpoint, query: Record<string, unknown>): GifQuery {
  let q: string | null = null;
  if (endpoint === 'search') {
    const words = single(query.q, MESSAGES.gifs.queryRequired)?.replace(/\s+/g, ' ').toLowerCase();
    if (!words || words.length > GIF_QUERY_MAX) throw new BadRequestException(MESSAGES.gifs.queryRequired);
    q = words;
  }
  const limit = wholeNumber(query.limit, 1, GIF_LIMIT_MAX, LIMITS.gifPageSizeHome, MESSAGES.gifs.invalidLimit);
  const offset = wholeNumber(query.offset, 0, GIF_OFFSET_MAX, 0, MESSAGES.gifs.invalidOffset);
  const rating = (single(query.rating, MESSAGES.gifs.invalidRating)?.toLowerCase() ?? LIMITS.gifRatingHome) as GifRating;
  if (!GIF_RATINGS.includes(rating)) throw new BadRequestException(MESSAGES.gifs.invalidRating);
  return { endpoint, q, limit, offset, rating };
}

/** The normalised request as a stable string (the Redis cache key's tail). */
export const gifQueryKey = (query: GifQuery): string =>
  [query.endpoint, query.rating, query.limit, query.offset, query.q === null ? '' : encodeURIComponent(query.q)].join(':');
