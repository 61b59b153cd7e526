import { Inject, Injectable } from '@nestjs/common';
import type { GifImage, GifObject, GifSearchResponse } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { isAllowedGifUrl } from './gif-url';
import type { GifQuery } from './gif-query';

/** The renditions the client uses; every other rendition and field of the provider is dropped. */
const GIF_RENDITIONS = ['fixed_height', 'fixed_height_small', 'fixed_width', 'downsized', 'original', 'preview_gif'] as const;

/** The provider did not give a usable answer: `status` is its HTTP status, or null (timeout, network, bad JSON). */
export class GifProviderError extends Error {
  constructor(
    readonly status: number | null,
    reason: string,
  ) {
    super(reason);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const int = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback);

function image(raw: unknown, mediaHosts: readonly string[]): GifImage | null {
  if (!isObject(raw) || !isAllowedGifUrl(raw.url, mediaHosts)) return null;
  const out: GifImage = { url: raw.url as string };
  const width = str(raw.width);
  const height = str(raw.height);
  if (width !== undefined) out.width = width;
  if (height !== undefined) out.height = height;
  return out;
}

function gif(raw: unknown, mediaHosts: readonly string[]): GifObject | null {
  if (!isObject(raw) || !isObject(raw.images)) return null;
  const id = str(raw.id);
  if (!id) return null;
  const images: Record<string, GifImage> = {};
  for (const name of GIF_RENDITIONS) {
    const rendition = image((raw.images as Json)[name], mediaHosts);
    if (rendition) images[name] = rendition;
  }
  // The composer stores the fixed-height URL: a GIF without it cannot be posted.
  if (!images.fixed_height) return null;
  const page = typeof raw.url === 'string' && /^https?:\/\//i.test(raw.url) ? raw.url : '';
  return {
    id,
    url: page,
    title: typeof raw.title === 'string' ? raw.title : '',
    is_sticker: typeof raw.is_sticker === 'boolean' || typeof raw.is_sticker === 'number' ? raw.is_sticker : 0,
    images,
  };
}

/**
 * Keeps only what the client uses of a provider answer: id, url, title, is_sticker and six
 * renditions ({url, width, height}) on GIPHY_MEDIA_HOSTS; pagination and meta as the provider gave them.
 */
export function toGifSearchResponse(body: unknown, mediaHosts: readonly string[]): GifSearchResponse {
  if (!isObject(body) || !Array.isArray(body.data)) throw new GifProviderError(null, 'answer without a data list');
  const data = body.data.map((item) => gif(item, mediaHosts)).filter((g): g is GifObject => g !== null);
  const pagination = isObject(body.pagination) ? body.pagination : {};
  const meta = isObject(body.meta) ? body.meta : {};
  return {
    data,
    pagination: { total_count: int(pagination.total_count, data.length), count: data.length, offset: int(pagination.offset, 0) },
    meta: { status: int(meta.status, 200), msg: typeof meta.msg === 'string' ? meta.msg : 'OK', response_id: str(meta.response_id) ?? '' },
  };
}

/** The Giphy adapter: one GET per call with the server's key, a timeout, and a trimmed answer. */
@Injectable()
export class GiphyClient {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  get configured(): boolean {
    return !!this.settings.giphyApiKey;
  }

  async fetch(query: GifQuery): Promise<GifSearchResponse> {
    const params = new URLSearchParams({ api_key: this.settings.giphyApiKey ?? '' });
    if (query.q !== null) params.set('q', query.q);
    params.set('limit', String(query.limit));
    params.set('offset', String(query.offset));
    params.set('rating', query.rating);
    const url = `${this.settings.giphyApiBase}/gifs/${query.endpoint}?${params.toString()}`;

    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.settings.giphyTimeoutMs);
    try {
      let res: Response;
      try {
        res = await fetch(url, { signal: abort.signal, headers: { accept: 'application/json' }, redirect: 'error' });
      } catch (error) {
        // Never the URL: it carries the key.
        throw new GifProviderError(null, abort.signal.aborted ? `no answer in ${this.settings.giphyTimeoutMs} ms` : `unreachable (${(error as Error).name})`);
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new GifProviderError(res.status, `answered ${res.status}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new GifProviderError(null, abort.signal.aborted ? `no complete answer in ${this.settings.giphyTimeoutMs} ms` : 'answer is not JSON');
      }
      return toGifSearchResponse(body, this.settings.giphyMediaHosts);
    } finally {
      clearTimeout(timer);
    }
  }
}
