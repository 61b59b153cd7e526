import Redis from 'ioredis';
import { Writable } from 'node:stream';
import request from 'supertest';
import { GIF_MESSAGES, LIMITS, MESSAGES, type GifCategoriesResponse, type GifRandomResponse, type GifSearchResponse } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { gifQueryKey, parseGifQuery, GifEndpoint } from '../../src/modules/gifs/gif-query';
import { FAKE_GIPHY_CATALOGUE, FAKE_GIPHY_CATEGORIES, FakeGiphy, startFakeGiphy } from '../fakes/giphy-server';
import { bootApp, TestApp } from '../support/app';

const KEY = 'test-key';
const RENDITIONS = ['fixed_height', 'fixed_height_small', 'fixed_width', 'downsized', 'original', 'preview_gif'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the GIF provider through the server (against the fake Giphy)', () => {
  let fake: FakeGiphy;
  let t: TestApp;

  const api = (app: TestApp = t) => request(app.app.getHttpServer());
  const apiCalls = () => fake.requests.filter((r) => r.path.startsWith('/v1/'));
  /** The TTL Redis holds for a request's cache entry (-2 when there is none). */
  const ttlOf = async (app: TestApp, endpoint: GifEndpoint, query: Record<string, string>) =>
    app.app.get<Redis>(REDIS).ttl(app.app.get(RedisKeys).gifCache(gifQueryKey(parseGifQuery(endpoint, query))));

  /** Everything the suite's app logs (its JSON lines), and what of it was written while `work` ran. */
  let logged = '';
  const logSink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  async function logsDuring(work: () => Promise<unknown>): Promise<string> {
    const from = logged.length;
    await work();
    return logged.slice(from);
  }

  beforeAll(async () => {
    fake = await startFakeGiphy({ apiKey: KEY });
    t = await bootApp({
      GIPHY_API_BASE: fake.baseUrl,
      GIPHY_API_KEY: KEY,
      GIPHY_MEDIA_HOSTS: fake.mediaHost,
      GIPHY_PINGBACK_URL: fake.pingbackUrl,
      REDIS_PREFIX: process.env.REDIS_PREFIX + 'gif1:',
    }, { logDestination: logSink });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.setFailure(null);
    fake.setDelay(0);
    fake.requests.length = 0;
    fake.pingbacks.length = 0;
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
      expect(Object.keys(gif).sort()).toEqual(['analytics_response_payload', 'id', 'images', 'is_sticker', 'title', 'url']);
      expect(gif.title.toLowerCase()).toContain('cat');
      expect(Object.keys(gif.images).sort()).toEqual([...RENDITIONS].sort());
      for (const image of Object.values(gif.images)) {
        expect(Object.keys(image).sort()).toEqual(['height', 'url', 'width']);
        expect(new URL(image.url).host).toBe(fake.mediaHost);
      }
    }
    // What the fake sends and we drop: analytics URLs, user, other renditions, mp4/webp variants.
    // Only the opaque analytics token stays, for the pingback events.
    expect(res.text).not.toMatch(/"analytics"|onload|pingback|"user"|"rating"|fixed_height_still|\.mp4|\.webp|bitly/);
    expect(body.data.map((g) => g.analytics_response_payload)).toEqual(body.data.map((g) => `e=fake-${g.id}`));

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

  describe('categories, related, emoji and random', () => {
    it('related answers the GIFs like one GIF, in the provider shape, passing gif_id, page and rating', async () => {
      const res = await api().get('/api/gifs/related?gif_id=fake01&limit=3&rating=pg').expect(200);
      const body = res.body as GifSearchResponse;
      const cats = FAKE_GIPHY_CATALOGUE.filter((g) => g.id !== 'fake01' && ['g', 'pg'].includes(g.rating) && g.title.endsWith(' cat GIF'));
      expect(body.data.map((g) => g.id)).toEqual(cats.slice(0, 3).map((g) => g.id));
      expect(body.pagination).toEqual({ total_count: cats.length, count: 3, offset: 0 });
      expect(apiCalls()).toEqual([{ method: 'GET', path: '/v1/gifs/related', query: { api_key: KEY, gif_id: 'fake01', limit: '3', offset: '0', rating: 'pg' } }]);
      // Cached like search: the same request again stays here.
      await api().get('/api/gifs/related?gif_id=fake01&limit=3&rating=pg').expect(200);
      expect(apiCalls()).toHaveLength(1);
    });

    it('emoji answers the provider stickers, without a rating', async () => {
      const res = await api().get('/api/gifs/emoji?limit=4').expect(200);
      const stickers = FAKE_GIPHY_CATALOGUE.filter((g) => g.isSticker);
      expect((res.body as GifSearchResponse).data.map((g) => g.id)).toEqual(stickers.slice(0, 4).map((g) => g.id));
      expect(apiCalls()).toEqual([{ method: 'GET', path: '/v1/emoji', query: { api_key: KEY, limit: '4', offset: '0' } }]);
    });

    it('categories answer each name with its cover GIF on the media hosts, cached', async () => {
      const res = await api().get('/api/gifs/categories').expect(200);
      const body = res.body as GifCategoriesResponse;
      expect(body.data.map((c) => [c.name, c.name_encoded])).toEqual(FAKE_GIPHY_CATEGORIES.map((c) => [c.name, c.name_encoded]));
      for (const category of body.data) {
        expect(Object.keys(category).sort()).toEqual(['gif', 'name', 'name_encoded']);
        expect(new URL(category.gif!.images.fixed_height.url).host).toBe(fake.mediaHost);
      }
      expect(res.text).not.toContain('subcategories');
      expect(apiCalls()).toEqual([{ method: 'GET', path: '/v1/gifs/categories', query: { api_key: KEY } }]);
      await api().get('/api/gifs/categories').expect(200);
      expect(apiCalls()).toHaveLength(1);
    });

    it('random answers one GIF for the tag, asking the provider every time; null when nothing matches', async () => {
      for (let i = 0; i < 2; i++) {
        const res = await api().get('/api/gifs/random?tag=%20Dog%20&rating=pg-13').expect(200);
        const body = res.body as GifRandomResponse;
        expect(body.data!.title.toLowerCase()).toContain('dog');
        expect(body.data!.analytics_response_payload).toBe(`e=fake-${body.data!.id}`);
      }
      expect(apiCalls()).toEqual([0, 1].map(() => ({ method: 'GET', path: '/v1/gifs/random', query: { api_key: KEY, tag: 'dog', rating: 'pg-13' } })));
      const none = await api().get('/api/gifs/random?tag=zzznomatch').expect(200);
      expect(none.body.data).toBeNull();
      const any = await api().get('/api/gifs/random').expect(200);
      expect(FAKE_GIPHY_CATALOGUE.some((g) => g.id === any.body.data.id)).toBe(true);
      expect(apiCalls()[3].query).toEqual({ api_key: KEY, rating: 'g' });
    });

    it('passes the browser pingback id to the provider on a miss, and leaves it out of the cache key', async () => {
      await api().get('/api/gifs/search?q=sunny&pingback_id=browserA1').expect(200);
      expect(apiCalls()[0].query.pingback_id).toBe('browserA1');
      await api().get('/api/gifs/search?q=sunny&pingback_id=browserB2').expect(200);
      expect(apiCalls()).toHaveLength(1);
    });

    it.each([
      ['/api/gifs/related', GIF_MESSAGES.invalidGifId],
      ['/api/gifs/related?gif_id=..%2Fsecret', GIF_MESSAGES.invalidGifId],
      [`/api/gifs/related?gif_id=${'a'.repeat(51)}`, GIF_MESSAGES.invalidGifId],
      ['/api/gifs/related?gif_id=fake01&limit=99', MESSAGES.gifs.invalidLimit],
      ['/api/gifs/emoji?offset=5000', MESSAGES.gifs.invalidOffset],
      [`/api/gifs/random?tag=${'a'.repeat(51)}`, GIF_MESSAGES.invalidTag],
      ['/api/gifs/random?rating=x', MESSAGES.gifs.invalidRating],
      ['/api/gifs/trending?pingback_id=a-b', GIF_MESSAGES.invalidPingbackId],
      ['/api/gifs/random?pingback_id=a&pingback_id=b', GIF_MESSAGES.invalidPingbackId],
    ])('%s is a 400 that never reaches the provider', async (url, message) => {
      const res = await api().get(url).expect(400);
      expect(res.body).toEqual({ success: false, statusCode: 400, error: message });
      expect(apiCalls()).toHaveLength(0);
    });
  });

  describe("the provider's location block", () => {
    it.each(['/api/gifs/search?q=golden', '/api/gifs/trending?limit=9', '/api/gifs/related?gif_id=fake02', '/api/gifs/emoji?limit=9', '/api/gifs/random?tag=win'])(
      '%s answers 451 with the location text, not a 502',
      async (url) => {
        fake.setFailure(451);
        const res = await api().get(url).expect(451);
        expect(res.body).toEqual({ success: false, statusCode: 451, error: MESSAGES.gifs.locationError });
        expect(apiCalls()).toHaveLength(1);
      },
    );

    it('categories too, and the block is cached for the error time like other failures', async () => {
      const redis = t.app.get<Redis>(REDIS);
      await redis.del(t.app.get(RedisKeys).gifCache('categories'));
      fake.setFailure(451);
      await api().get('/api/gifs/categories').expect(451);
      fake.setFailure(null);
      const replay = await api().get('/api/gifs/categories').expect(451);
      expect(replay.body.error).toBe(MESSAGES.gifs.locationError);
      expect(apiCalls()).toHaveLength(1);
      const ttl = await redis.ttl(t.app.get(RedisKeys).gifCache('categories'));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(6);
      await redis.del(t.app.get(RedisKeys).gifCache('categories'));
    });
  });

  describe('POST /api/gifs/pingback', () => {
    const event = (over: Record<string, unknown> = {}) => ({ action_type: 'CLICK', analytics_response_payload: 'e=fake-fake07', ts: Date.now(), user_id: 'pb7', ...over });
    const waitForPingbacks = async (count: number) => {
      const deadline = Date.now() + 3000;
      while (fake.pingbacks.length < count && Date.now() < deadline) await sleep(25);
      return fake.pingbacks;
    };

    it("answers 202 and forwards the batch to the provider's pingback service with the key, each event cut to its four fields", async () => {
      const events = [event({ action_type: 'SEEN', logged_in_user_id: '42', attributes: { x: 'y' } }), event(), event({ action_type: 'SENT' })];
      const res = await api().post('/api/gifs/pingback').send({ events, extra: true }).expect(202);
      expect(res.body).toEqual({ success: true });
      const [batch] = await waitForPingbacks(1);
      expect(batch.apiKey).toBe(KEY);
      expect(batch.events).toEqual(events.map(({ action_type, analytics_response_payload, ts, user_id }) => ({ action_type, analytics_response_payload, ts, user_id })));
      expect(fake.requests.find((r) => r.path === '/v2/pingback')?.method).toBe('POST');
      // The key went to the provider, never back to the browser.
      expect(res.text).not.toContain(KEY);
    });

    it.each([
      ['no events', {}],
      ['an empty batch', { events: [] }],
      ['an unknown action', { events: [event({ action_type: 'LIKE' })] }],
      ['a missing payload', { events: [event({ analytics_response_payload: undefined })] }],
      ['a pingback id with symbols', { events: [event({ user_id: '<script>' })] }],
      ['too many events', { events: Array.from({ length: LIMITS.gifPingbackBatchMax + 1 }, () => event()) }],
    ])('refuses %s with 400 and forwards nothing', async (_name, body) => {
      const res = await api().post('/api/gifs/pingback').send(body).expect(400);
      expect(res.body).toEqual({ success: false, statusCode: 400, error: GIF_MESSAGES.invalidPingback });
      await sleep(100);
      expect(fake.pingbacks).toHaveLength(0);
    });

    it('a body over the request limit is a 413', async () => {
      const big = { events: [event({ analytics_response_payload: 'x'.repeat(200 * 1024) })] };
      await api().post('/api/gifs/pingback').send(big).expect(413);
    });
  });

  describe('with short cache times and timeout (GIF_CACHE_SECONDS=1, GIF_ERROR_CACHE_SECONDS=1, GIPHY_TIMEOUT_MS=400)', () => {
    let quick: TestApp;
    beforeAll(async () => {
      quick = await bootApp({
        GIPHY_API_BASE: fake.baseUrl,
        GIPHY_API_KEY: KEY,
        GIPHY_MEDIA_HOSTS: fake.mediaHost,
        REDIS_PREFIX: process.env.REDIS_PREFIX + 'gif3:',
        GIPHY_PINGBACK_URL: fake.pingbackUrl,
        GIPHY_PINGBACK_TIMEOUT_MS: '300',
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

    it('a slow pingback service never holds the answer, and a batch it does not take in time is dropped', async () => {
      fake.setDelay(1500);
      const started = Date.now();
      await api(quick)
        .post('/api/gifs/pingback')
        .send({ events: [{ action_type: 'SEEN', analytics_response_payload: 'e=fake-fake03', ts: Date.now(), user_id: 'slow1' }] })
        .expect(202);
      expect(Date.now() - started).toBeLessThan(1000);
      await sleep(1800);
      expect(fake.requests.filter((r) => r.path === '/v2/pingback')).toHaveLength(1);
      expect(fake.pingbacks).toHaveLength(0);
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

  it('without GIPHY_API_KEY every endpoint answers 503 "not configured", nothing is asked, and /api/config says so', async () => {
    const bare = await bootApp({ GIPHY_API_BASE: fake.baseUrl, GIPHY_API_KEY: '', GIPHY_MEDIA_HOSTS: fake.mediaHost, GIPHY_PINGBACK_URL: fake.pingbackUrl, REDIS_PREFIX: process.env.REDIS_PREFIX + 'gif4:' });
    try {
      for (const url of ['/api/gifs/search?q=cat', '/api/gifs/trending', '/api/gifs/related?gif_id=fake01', '/api/gifs/emoji', '/api/gifs/categories', '/api/gifs/random']) {
        const res = await api(bare).get(url).expect(503);
        expect(res.body).toEqual({ success: false, statusCode: 503, error: MESSAGES.gifs.notConfigured });
      }
      const pingback = await api(bare)
        .post('/api/gifs/pingback')
        .send({ events: [{ action_type: 'SEEN', analytics_response_payload: 'e=x', ts: Date.now(), user_id: 'u1' }] })
        .expect(503);
      expect(pingback.body.error).toBe(MESSAGES.gifs.notConfigured);
      expect(fake.requests).toHaveLength(0);
      expect((await api(bare).get('/api/config').expect(200)).body.gifsEnabled).toBe(false);
      expect((await api().get('/api/config').expect(200)).body.gifsEnabled).toBe(true);
    } finally {
      await bare.close();
    }
  });
});
