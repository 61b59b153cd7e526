import { Inject, Injectable } from '@nestjs/common';
import type { GifCategoriesResponse, GifPingbackEvent, GifRandomResponse, GifSearchResponse } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { GifProviderError, isLocationBlock, toGifCategoriesResponse, toGifRandomResponse, toGifSearchResponse } from './giphy-answers';
import type { GifQuery, GifRandomQuery, PingbackId } from './gif-query';

/** Where each list endpoint lives under GIPHY_API_BASE. */
const LIST_PATHS: Record<GifQuery['endpoint'], string> = {
  search: '/gifs/search',
  trending: '/gifs/trending',
  related: '/gifs/related',
  emoji: '/emoji',
};
/** An error body is read only this far (to see whether it is the location block). */
const ERROR_BODY_MAX = 4096;

/** The Giphy adapter: one request per call with the server's key, a timeout, and a trimmed answer. */
@Injectable()
export class GiphyClient {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  get configured(): boolean {
    return !!this.settings.giphyApiKey;
  }

  async fetchList(query: GifQuery, pingbackId: PingbackId): Promise<GifSearchResponse> {
    const params: Record<string, string> = {};
    if (query.q !== null) params.q = query.q;
    if (query.gifId !== null) params.gif_id = query.gifId;
    params.limit = String(query.limit);
    params.offset = String(query.offset);
    if (query.rating !== null) params.rating = query.rating;
    const body = await this.get(LIST_PATHS[query.endpoint], params, pingbackId);
    return toGifSearchResponse(body, this.settings.giphyMediaHosts);
  }

  async fetchCategories(): Promise<GifCategoriesResponse> {
    return toGifCategoriesResponse(await this.get('/gifs/categories', {}, null), this.settings.giphyMediaHosts);
  }

  async fetchRandom(query: GifRandomQuery, pingbackId: PingbackId): Promise<GifRandomResponse> {
    const params: Record<string, string> = query.tag === null ? {} : { tag: query.tag };
    params.rating = query.rating;
    return toGifRandomResponse(await this.get('/gifs/random', params, pingbackId), this.settings.giphyMediaHosts);
  }

  /** POSTs a batch to the pingback service; resolves when it answered 2xx, rejects otherwise. */
  async sendPingback(events: GifPingbackEvent[]): Promise<void> {
    const url = `${this.settings.giphyPingbackUrl.replace(/\/+$/, '')}/v2/pingback?${new URLSearchParams({ apikey: this.settings.giphyApiKey ?? '' }).toString()}`;
    const res = await this.timed(this.settings.giphyPingbackTimeoutMs, (signal) =>
      fetch(url, { method: 'POST', signal, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }), redirect: 'error' }).then(
        async (answer) => {
          await answer.body?.cancel().catch(() => undefined);
          return answer;
        },
      ),
    );
    if (!res.ok) throw new GifProviderError(res.status, `pingback answered ${res.status}`);
  }

  private async get(path: string, params: Record<string, string>, pingbackId: PingbackId): Promise<unknown> {
    const search = new URLSearchParams({ api_key: this.settings.giphyApiKey ?? '', ...params });
    if (pingbackId) search.set('pingback_id', pingbackId);
    const url = `${this.settings.giphyApiBase}${path}?${search.toString()}`;
    return this.timed(this.settings.giphyTimeoutMs, async (signal) => {
      const res = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
      if (!res.ok) {
        const body = await readErrorBody(res);
        const location = isLocationBlock(res.status, body);
        throw new GifProviderError(res.status, `answered ${res.status}${location ? ' (location block)' : ''}`, location);
      }
      try {
        return (await res.json()) as unknown;
      } catch {
        throw new GifProviderError(null, signal.aborted ? `no complete answer in ${this.settings.giphyTimeoutMs} ms` : 'answer is not JSON');
      }
    });
  }

  /** Runs `work` with an abort signal that fires after `ms`; network failures become GifProviderError (never with the URL: it carries the key). */
  private async timed<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ms);
    try {
      return await work(abort.signal);
    } catch (error) {
      if (error instanceof GifProviderError) throw error;
      throw new GifProviderError(null, abort.signal.aborted ? `no answer in ${ms} ms` : `unreachable (${(error as Error).name})`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The JSON of an error answer when it is small, else null (the rest is not read). */
async function readErrorBody(res: Response): Promise<unknown> {
  const length = Number(res.headers.get('content-length') ?? 'NaN');
  if (!(length <= ERROR_BODY_MAX)) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  try {
    return (await res.json()) as unknown;
  } catch {
    return null;
  }
}
