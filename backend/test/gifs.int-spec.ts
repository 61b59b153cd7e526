import Redis from 'ioredis';
import request from 'supertest';
import { MESSAGES, type GifSearchResponse } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../src/common/redis.module';
import { gifQueryKey, parseGifQuery, GifEndpoint } from '../src/modules/gifs/gif-query';
import { FAKE_GIPHY_CATALOGUE, FakeGiphy, startFakeGiphy } from './fakes/giphy-server';
import { bootApp, TestApp } from './support/app';

const KEY = 'test-key';
const RENDITIONS = ['fixed_height', 'fixed_height_small', 'fixed_width', 'downsized', 'original', 'preview_gif'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /api/gifs/search and /api/gifs/trending (through the fake Giphy)', () => {
  let fake: FakeGiphy;
  let t: TestApp;

  const api = (app: TestApp = t) => request(app.app.getHttpServer());
  const apiCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/'));
  /** The TTL Redis holds for a request's cache entry (-2 when there is none). */
  const ttlOf = async (app: TestApp, endpoint: GifEndpoint, query: Record<string, string>) =>
    app.app.get<Redis>(REDIS).ttl(app.app.get(RedisKeys).gifCache(gifQueryKey(parseGifQuery(endpoint, query))));

  /** Captures everything the app logs while `work` runs. */
  async function logsDuring(work: () => Promise<unknown>): Promise<string> {
    const out: string[] = [];
    const capture = (stream: NodeJS.WriteStream) =>
      jest.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        out.push(String(chunk));
        return true;
      });
    const spies = [capture(process.stdout), capture(process.stderr)];
    try {
      await work();
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
    return out.join('');
  }

  beforeAll(async () => {
    fake = await startFakeGiphy({ apiKey: KEY });
    t = await bootApp({ GIPHY_API_BASE: fake.baseUrl, GIPHY_API_KEY: KEY, GIPHY_MEDIA_HOSTS: fake.mediaHost, REDIS_PREFIX: process.env.REDIS_PREFIX + 'gif1:' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.setFailure(null);
    fake.setDelay(0);
    fake.requests.length = 0;
  });

  it('search answers in the provider shape, trimmed to the fields the client uses, without a session', async () => {
    const res = await api().get('/api/gifs/search?q=cat&limit=3&offset=1&rating=pg').expect(200);
    const body = res.body as GifSearchResponse;
    expect(Object.keys(body).sort()).toEqual(['data', 'meta', 'pagination']);

    const expected = FAKE_GIPHY_CATALOGUE.filter((g) => ['g', 'pg'].includes(g.rating) && g.title.toLowerCase().includes('cat'));
    expect(body.data.map((g) => g.id)).toEqual(expected.slice(1, 4).map((g) => g.id));
    expect(body.pagination).toEqual({ total_count: expected.length, count: 3, offset: 1 });
    expect(body.meta).toEqual({ status: 200, msg: 'OK', response_id: expect.any(String) });

    for (const gif of body.data) {
      expect(Object.keys(gif).sort()).toEqual(['id', 'images', 'is_sticker', 'title', 'url']);
      expect(gif.title.toLowerCase()).toContain('cat');
      expect(Object.keys(gif.images).sort()).toEqual([...RENDITIONS].sort());
      for (const image of Object.values(gif.images)) {
        expect(Object.keys(image).sort()).toEqual(['height', 'url', 'width']);
        expect(new URL(image.url).host).toBe(fake.mediaHost);
      }
    }
    // What the fake sends and we drop: analytics, user, other renditions, mp4/webp variants.
    expect(res.text).not.toMatch(/analytics|pingback|"user"|"rating"|fixed_height_still|\.mp4|\.webp|bitly/);

    // The fixed-height rendition is a real animated GIF.
    const media = await fetch(body.data[0].images.fixed_height.url);
    expect(media.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await media.arrayBuffer()).subarray(0, 6).toString('latin1')).toBe('GIF89a');

    const [call] = apiCalls();
    expect(call.path).toBe('/v1/gifs/search');
    expect(call.query).toEqual({ api_key: KEY, q: 'cat', limit: '3', offset: '1', rating: 'pg' });
  });

  it('the key goes to the provider but never to the client', async () => {
    const res = await api().get('/api/gifs/search?q=dog').expect(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(apiCalls()[0].query.api_key).toBe(KEY);
    expect(res.text).not.toContain(KEY);
    expect(JSON.stringify(res.headers)).not.toContain(KEY);
  });

  it('trending passes the page and rating, with the defaults limit 20, offset 0, rating g', async () => {
    const res = await api().get('/api/gifs/trending').expect(200);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.pagination).toEqual({ total_count: FAKE_GIPHY_CATALOGUE.filter((g) => g.rating === 'g').length, count: 20, offset: 0 });
    expect(apiCalls()[0]).toEqual({ method: 'GET', path: '/v1/gifs/trending', query: { api_key: KEY, limit: '20', offset: '0', rating: 'g' } });

    const page = await api().get('/api/gifs/trending?limit=5&offset=10&rating=r').expect(200);
    expect(page.body.data).toHaveLength(5);
    expect(page.body.pagination.offset).toBe(10);
    expect(apiCalls()[1].query).toEqual({ api_key: KEY, limit: '5', offset: '10', rating: 'r' });
  });

  it('a search without matches is an empty list, not an error', async () => {
    const res = await api().get('/api/gifs/search?q=zzznomatch').expect(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination).toEqual({ total_count: 0, count: 0, offset: 0 });
  });

  it.each([
    ['/api/gifs/search', MESSAGES.gifs.queryRequired],
    ['/api/gifs/search?q=', MESSAGES.gifs.queryRequired],
    ['/api/gifs/search?q=%20%20', MESSAGES.gifs.queryRequired],
    [`/api/gifs/search?q=${'a'.repeat(101)}`, MESSAGES.gifs.queryRequired],
    ['/api/gifs/search?q=cat&q=dog', MESSAGES.gifs.queryRequired],
    ['/api/gifs/search?q=cat&limit=0', MESSAGES.gifs.invalidLimit],
    ['/api/gifs/search?q=cat&limit=51', MESSAGES.gifs.invalidLimit],
    ['/api/gifs/trending?limit=ten', MESSAGES.gifs.invalidLimit],
    ['/api/gifs/trending?offset=5000', MESSAGES.gifs.invalidOffset],
    ['/api/gifs/trending?offset=-1', MESSAGES.gifs.invalidOffset],
    ['/api/gifs/search?q=cat&rating=nc-17', MESSAGES.gifs.invalidRating],
  ])('%s is a 400 that never reaches the provider', async (url, message) => {
    const res = await api().get(url).expect(400);
    expect(res.body).toEqual({ success: false, statusCode: 400, error: message });
    expect(apiCalls()).toHaveLength(0);
  });

  it('accepts the edges: 100-character q, limit 50, offset 4999', async () => {
    await api().get(`/api/gifs/search?q=${'a'.repeat(100)}&limit=50&offset=4999`).expect(200);
    await api().get('/api/gifs/trending?limit=1&offset=0').expect(200);
    expect(apiCalls()).toHaveLength(2);
  });

  it('caches an answer for 60 s per normalised request: the same request again does not reach the provider', async () => {
    const first = await api().get('/api/gifs/search?q=party&limit=7').expect(200);
    expect(apiCalls()).toHaveLength(1);
    const again = await api().get('/api/gifs/search?q=%20PARTY%20&limit=7&offset=0&rating=g').expect(200);
    expect(again.body).toEqual(first.body);
    expect(apiCalls()).toHaveLength(1);
    const ttl = await ttlOf(t, 'search', { q: 'party', limit: '7' });
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);

    // A different page is a different request.
    await api().get('/api/gifs/search?q=party&limit=7&offset=7').expect(200);
    expect(apiCalls()).toHaveLength(2);
  });

  it.each([500, 429, 503])('a provider %i is a 502, cached for 6 s and replayed without asking again', async (status) => {
    fake.setFailure(status);
    const q = `win${status}`;
    let first: request.Response | undefined;
    const logs = await logsDuring(async () => {
      first = await api().get(`/api/gifs/search?q=${q}`);
    });
    expect(first!.status).toBe(502);
    expect(first!.body).toEqual({ success: false, statusCode: 502, error: MESSAGES.gifs.providerError });
    expect(apiCalls()).toHaveLength(1);
    // The failure is logged, the key is not.
    expect(logs).toContain('GIF provider search');
    expect(logs).not.toContain(KEY);

    fake.setFailure(null);
    const second = await api().get(`/api/gifs/search?q=${q}`).expect(502);
    expect(second.body.error).toBe(MESSAGES.gifs.providerError);
    expect(apiCalls()).toHaveLength(1);
    const ttl = await ttlOf(t, 'search', { q });
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(6);
  });

  it('a provider refusing the key is a 502 too', async () => {
    const wrong = await bootApp({ GIPHY_API_BASE: fake.baseUrl, GIPHY_API_KEY: 'wrong-key', GIPHY_MEDIA_HOSTS: fake.mediaHost, REDIS_PREFIX: process.env.REDIS_PREFIX + 'gif2:' });
    try {
      const res = await api(wrong).get('/api/gifs/trending').expect(502);
      expect(res.body.error).toBe(MESSAGES.gifs.providerError);
      expect(apiCalls()[0].query.api_key).toBe('wrong-key');
    } finally {
      await wrong.close();
    }
  });

  describe('with short cache times and timeout (GIF_CACHE_SECONDS=1, GIF_ERROR_CACHE_SECONDS=1, GIPHY_TIMEOUT_MS=400)', () => {
    let quick: TestApp;
    beforeAll(async () => {
      quick = await bootApp({
        GIPHY_API_BASE: fake.baseUrl,
        GIPHY_API_KEY: KEY,
        GIPHY_MEDIA_HOSTS: fake.mediaHost,
        REDIS_PREFIX: process.env.REDIS_PREFIX + 'gif3:',
        GIF_CACHE_SECONDS: '1',
        GIF_ERROR_CACHE_SECONDS: '1',
        GIPHY_TIMEOUT_MS: '400',
      });
    });
    afterAll(() => quick?.close());

    it('asks the provider again once a cached error has expired', async () => {
      fake.setFailure(500);
      await api(quick).get('/api/gifs/search?q=cloud').expect(502);
      await api(quick).get('/api/gifs/search?q=cloud').expect(502);
      expect(apiCalls()).toHaveLength(1);
      fake.setFailure(null);
      await sleep(1300);
      const res = await api(quick).get('/api/gifs/search?q=cloud').expect(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(apiCalls()).toHaveLength(2);
    });

    it('asks the provider again once a cached answer has expired', async () => {
      await api(quick).get('/api/gifs/trending?limit=3').expect(200);
      await api(quick).get('/api/gifs/trending?limit=3').expect(200);
      expect(apiCalls()).toHaveLength(1);
      await sleep(1300);
      await api(quick).get('/api/gifs/trending?limit=3').expect(200);
      expect(apiCalls()).toHaveLength(2);
    });

    it('a provider slower than the timeout is a 502 without waiting for it', async () => {
      fake.setDelay(3000);
      const started = Date.now();
      const res = await api(quick).get('/api/gifs/search?q=dance').expect(502);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.body.error).toBe(MESSAGES.gifs.providerError);
      expect(apiCalls()).toHaveLength(1);
    });
  });

  it('without GIPHY_API_KEY both endpoints answer 503 "not configured" and nothing is asked', async () => {
    const bare = await bootApp({ GIPHY_API_BASE: fake.baseUrl, GIPHY_API_KEY: '', GIPHY_MEDIA_HOSTS: fake.mediaHost, REDIS_PREFIX: process.env.REDIS_PREFIX + 'gif4:' });
    try {
      for (const url of ['/api/gifs/search?q=cat', '/api/gifs/trending']) {
        const res = await api(bare).get(url).expect(503);
        expect(res.body).toEqual({ success: false, statusCode: 503, error: MESSAGES.gifs.notConfigured });
      }
      expect(apiCalls()).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
