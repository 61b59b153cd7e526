import { MESSAGES, type GifCategoriesResponse, type GifImage, type GifObject, type GifRandomResponse, type GifSearchResponse } from '@cloud9/contracts';
import { isAllowedGifUrl } from './gif-url';

/** The renditions the client uses; every other rendition and field of the provider is dropped. */
const GIF_RENDITIONS = ['fixed_height', 'fixed_height_small', 'fixed_width', 'downsized', 'original', 'preview_gif'] as const;
/** The provider's analytics token is opaque: printable ASCII without spaces, bounded. */
const ANALYTICS_PAYLOAD = /^[\x21-\x7e]{1,1000}$/;
/** The text the provider's own client library recognises as its location (region) block. */
const PROVIDER_LOCATION_BLOCK = MESSAGES.gifs.locationError;

/**
 * The provider did not give a usable answer: `status` is its HTTP status, or null (timeout, network,
 * bad JSON); `location` when it refused because of where the request comes from.
 */
export class GifProviderError extends Error {
  constructor(
    readonly status: number | null,
    reason: string,
    readonly location = false,
  ) {
    super(reason);
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const int = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback);

/** The provider's location block: HTTP 451, or its error text in `meta.msg` or `message` (what its client library checks). */
export function isLocationBlock(status: number, body: unknown): boolean {
  if (status === 451) return true;
  if (!isObject(body)) return false;
  const meta = isObject(body.meta) ? body.meta : {};
  return meta.msg === PROVIDER_LOCATION_BLOCK || body.message === PROVIDER_LOCATION_BLOCK;
}

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
  const out: GifObject = {
    id,
    url: page,
    title: typeof raw.title === 'string' ? raw.title : '',
    is_sticker: typeof raw.is_sticker === 'boolean' || typeof raw.is_sticker === 'number' ? raw.is_sticker : 0,
    images,
  };
  const payload = raw.analytics_response_payload;
  if (typeof payload === 'string' && ANALYTICS_PAYLOAD.test(payload)) out.analytics_response_payload = payload;
  return out;
}

function meta(body: Json): GifSearchResponse['meta'] {
  const m = isObject(body.meta) ? body.meta : {};
  return { status: int(m.status, 200), msg: typeof m.msg === 'string' ? m.msg : 'OK', response_id: str(m.response_id) ?? '' };
}

/**
 * Keeps only what the client uses of a provider answer: id, url, title, is_sticker, the analytics
 * token and six renditions ({url, width, height}) on GIPHY_MEDIA_HOSTS; pagination and meta as the
 * provider gave them.
 */
export function toGifSearchResponse(body: unknown, mediaHosts: readonly string[]): GifSearchResponse {
  if (!isObject(body) || !Array.isArray(body.data)) throw new GifProviderError(null, 'answer without a data list');
  const data = body.data.map((item) => gif(item, mediaHosts)).filter((g): g is GifObject => g !== null);
  const pagination = isObject(body.pagination) ? body.pagination : {};
  return {
    data,
    pagination: { total_count: int(pagination.total_count, data.length), count: data.length, offset: int(pagination.offset, 0) },
    meta: meta(body),
  };
}

/** The categories' names and covers; a category without a usable name is dropped. */
export function toGifCategoriesResponse(body: unknown, mediaHosts: readonly string[]): GifCategoriesResponse {
  if (!isObject(body) || !Array.isArray(body.data)) throw new GifProviderError(null, 'answer without a data list');
  const data = body.data.flatMap((raw) => {
    if (!isObject(raw) || typeof raw.name !== 'string' || !raw.name.trim() || raw.name.length > 100) return [];
    const encoded = typeof raw.name_encoded === 'string' && raw.name_encoded.length <= 200 ? raw.name_encoded : encodeURIComponent(raw.name);
    return [{ name: raw.name.trim(), name_encoded: encoded, gif: gif(raw.gif, mediaHosts) }];
  });
  return { data, meta: meta(body) };
}

/** The provider answers one GIF object, or an empty list when nothing matches the tag. */
export function toGifRandomResponse(body: unknown, mediaHosts: readonly string[]): GifRandomResponse {
  if (!isObject(body) || !('data' in body)) throw new GifProviderError(null, 'answer without data');
  return { data: Array.isArray(body.data) ? null : gif(body.data, mediaHosts), meta: meta(body) };
}
