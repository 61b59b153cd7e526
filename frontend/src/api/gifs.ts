import {
  APP_CLIENT_HEADER,
  ROUTES,
  type GifCategoriesResponse,
  type GifObject,
  type GifPingbackEvent,
  type GifRandomResponse,
  type GifSearchResponse,
} from '@cloud9/contracts';
import { callApi } from './client';
import { API_BASE } from './early';

/** What a GIF list shows: trending, a search, the GIFs like one GIF, or the provider's emoji. */
export type GifListSource = { kind: 'trending' } | { kind: 'search'; q: string } | { kind: 'related'; gifId: string } | { kind: 'emoji' };

export interface GifPage {
  offset: number;
  limit: number;
  rating: string;
}

const PINGBACK_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * This page load's pingback id: 16 random letters and digits, as the provider's own client makes
 * them. It ties the GIF lists asked for to the analytics events sent; it names no account.
 */
export const GIF_PINGBACK_ID: string = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => PINGBACK_ID_CHARS[b % PINGBACK_ID_CHARS.length]).join('');

/** One page of a GIF list; the provider is reached only through our API. */
export function fetchGifList(source: GifListSource, { offset, limit, rating }: GifPage, signal?: AbortSignal): Promise<GifSearchResponse> {
  const page = { offset, limit, pingback_id: GIF_PINGBACK_ID };
  switch (source.kind) {
    case 'search':
      return callApi(ROUTES.gifs.search, { query: { q: source.q.trim(), ...page, rating }, signal });
    case 'related':
      return callApi(ROUTES.gifs.related, { query: { gif_id: source.gifId, ...page, rating }, signal });
    case 'emoji':
      return callApi(ROUTES.gifs.emoji, { query: page, signal });
    case 'trending':
      return callApi(ROUTES.gifs.trending, { query: { ...page, rating }, signal });
  }
}

export function fetchGifCategories(signal?: AbortSignal): Promise<GifCategoriesResponse> {
  return callApi(ROUTES.gifs.categories, { signal });
}

/** One random GIF (for `tag` when not empty). */
export function fetchRandomGif(tag: string, rating: string, signal?: AbortSignal): Promise<GifRandomResponse> {
  return callApi(ROUTES.gifs.random, { query: { tag: tag.trim(), rating, pingback_id: GIF_PINGBACK_ID }, signal });
}

/**
 * Sends a batch of GIF events to our server, which forwards them to the provider with its key.
 * `keepalive` lets the request outlive the page (what sendBeacon does), while still sending JSON
 * and the app client header. Analytics never bother the user: failures are ignored.
 */
export async function sendGifPingbacks(events: GifPingbackEvent[]): Promise<void> {
  try {
    await fetch(`${API_BASE}${ROUTES.gifs.pingback.path}`, {
      method: ROUTES.gifs.pingback.method,
      headers: { 'Content-Type': 'application/json', [APP_CLIENT_HEADER.name]: APP_CLIENT_HEADER.value },
      body: JSON.stringify({ events }),
      credentials: 'include',
      keepalive: true,
    });
  } catch {
    // Lost analytics are acceptable (the provider's own client drops them the same way).
  }
}

/** The URL a post stores for a chosen GIF: its fixed-height rendition. */
export function gifFixedHeightUrl(gif: GifObject): string {
  return gif.images?.fixed_height?.url ?? gif.images?.original?.url ?? gif.url;
}

/** A small rendition for the picker grid. */
export function gifPreviewUrl(gif: GifObject): string {
  return gif.images?.fixed_width_small?.url ?? gif.images?.fixed_width?.url ?? gifFixedHeightUrl(gif);
}
