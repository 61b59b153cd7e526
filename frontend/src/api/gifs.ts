import { ROUTES, type GifObject, type GifSearchResponse } from '@cloud9/contracts';
import { callApi } from './client';

export interface GifQuery {
  /** Empty: trending. */
  q: string;
  offset: number;
  limit: number;
  rating: string;
}

/** Search when there is a query, else trending; the provider is reached only through our API. */
export function fetchGifs({ q, offset, limit, rating }: GifQuery, signal?: AbortSignal): Promise<GifSearchResponse> {
  const term = q.trim();
  return term
    ? callApi(ROUTES.gifs.search, { query: { q: term, offset, limit, rating }, signal })
    : callApi(ROUTES.gifs.trending, { query: { offset, limit, rating }, signal });
}

/** The URL a post stores for a chosen GIF: its fixed-height rendition. */
export function gifFixedHeightUrl(gif: GifObject): string {
  return gif.images?.fixed_height?.url ?? gif.images?.original?.url ?? gif.url;
}

/** A small rendition for the picker grid. */
export function gifPreviewUrl(gif: GifObject): string {
  return gif.images?.fixed_width_small?.url ?? gif.images?.fixed_width?.url ?? gifFixedHeightUrl(gif);
}
