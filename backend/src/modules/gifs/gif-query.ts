import { BadRequestException } from '@nestjs/common';
import { GIF_MESSAGES, LIMITS, MESSAGES } from '@cloud9/contracts';

const GIF_RATINGS = ['g', 'pg', 'pg-13', 'r'] as const;
type GifRating = (typeof GIF_RATINGS)[number];
/** The provider's endpoints that answer a page of GIFs. */
export type GifEndpoint = 'search' | 'trending' | 'related' | 'emoji';

const GIF_QUERY_MAX = 100;
const GIF_TAG_MAX = 50;
const GIF_LIMIT_MAX = 50;
const GIF_OFFSET_MAX = 4999;
/** The provider's GIF ids are letters and digits. */
const GIF_ID = /^[A-Za-z0-9]{1,50}$/;
/** The provider's own pingback ids are 16 letters and digits; 32 leaves room. */
export const PINGBACK_ID = /^[A-Za-z0-9]{1,32}$/;

/** One validated, normalised request for a page of GIFs (also the cache key). */
export interface GifQuery {
  endpoint: GifEndpoint;
  /** Search words, trimmed, inner spaces collapsed, lower case; null but for search. */
  q: string | null;
  /** The GIF whose relatives are asked for; null but for related. */
  gifId: string | null;
  limit: number;
  offset: number;
  /** null for emoji, which the provider does not rate. */
  rating: GifRating | null;
}

/** The browser's pingback id, passed on to the provider on a cache miss; never part of the cache key. */
export type PingbackId = string | null;

/** One validated request for a random GIF (never cached: each ask is a new draw). */
export interface GifRandomQuery {
  /** Trimmed, inner spaces collapsed, lower case; null for any GIF. */
  tag: string | null;
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

function rating(raw: unknown): GifRating {
  const value = (single(raw, MESSAGES.gifs.invalidRating)?.toLowerCase() ?? LIMITS.gifRatingHome) as GifRating;
  if (!GIF_RATINGS.includes(value)) throw new BadRequestException(MESSAGES.gifs.invalidRating);
  return value;
}

const words = (raw: unknown, max: number, message: string, required: boolean): string | null => {
  const text = single(raw, message)?.replace(/\s+/g, ' ').toLowerCase();
  if (!text) {
    if (required) throw new BadRequestException(message);
    return null;
  }
  if (text.length > max) throw new BadRequestException(message);
  return text;
};

/**
 * Validates `?q&gif_id&limit&offset&rating` of /api/gifs/search, trending, related and emoji; anything
 * outside the rules is a 400 with a catalogue message. q (1–100 characters) is read for search only,
 * gif_id for related only, rating for all but emoji.
 */
export function parseGifQuery(endpoint: GifEndpoint, query: Record<string, unknown>): GifQuery {
  const q = endpoint === 'search' ? words(query.q, GIF_QUERY_MAX, MESSAGES.gifs.queryRequired, true) : null;
  let gifId: string | null = null;
  if (endpoint === 'related') {
    gifId = single(query.gif_id, GIF_MESSAGES.invalidGifId) ?? '';
    if (!GIF_ID.test(gifId)) throw new BadRequestException(GIF_MESSAGES.invalidGifId);
  }
  const limit = wholeNumber(query.limit, 1, GIF_LIMIT_MAX, LIMITS.gifPageSizeHome, MESSAGES.gifs.invalidLimit);
  const offset = wholeNumber(query.offset, 0, GIF_OFFSET_MAX, 0, MESSAGES.gifs.invalidOffset);
  return { endpoint, q, gifId, limit, offset, rating: endpoint === 'emoji' ? null : rating(query.rating) };
}

/** Validates `?tag&rating` of /api/gifs/random. */
export function parseGifRandomQuery(query: Record<string, unknown>): GifRandomQuery {
  return { tag: words(query.tag, GIF_TAG_MAX, GIF_MESSAGES.invalidTag, false), rating: rating(query.rating) };
}

/** Validates the optional `?pingback_id` every GIF list takes. */
export function parsePingbackId(query: Record<string, unknown>): PingbackId {
  const id = single(query.pingback_id, GIF_MESSAGES.invalidPingbackId);
  if (id === undefined) return null;
  if (!PINGBACK_ID.test(id)) throw new BadRequestException(GIF_MESSAGES.invalidPingbackId);
  return id;
}

/** The normalised request as a stable string (the Redis cache key's tail). */
export const gifQueryKey = (query: GifQuery): string =>
  [
    query.endpoint,
    query.rating ?? '',
    query.limit,
    query.offset,
    query.q === null ? '' : encodeURIComponent(query.q),
    query.gifId ?? '',
  ].join(':');
