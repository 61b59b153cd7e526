import type Redis from 'ioredis';
import request from 'supertest';
import { MESSAGES } from '@cloud9/contracts';
import { InvalidationBus } from '../../src/common/cache/invalidation-bus';
import { AppMetrics } from '../../src/common/metrics/app-metrics';
import { REDIS } from '../../src/common/redis.module';
import { bootApp, PASSWORD, signUp, type SignedIn, type TestApp } from '../support/app';
import { eventually, sessionCookieOf, sessionIdOf } from '../support/harness';

const DAY = 24 * 3600 * 1000;
/** Headers that differ between any two answers (the moment, the request's id, the connection). */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

/**
 * The feed's pages on the lighter path (answerHotReads) against the full pipeline: two instances on
 * one database and Redis, `hot` as shipped and `full` with HOT_READS=0, must give the same status,
 * headers and body for every request, and the lighter path must take only what it can answer
 * exactly (the http_hot_reads_total counter tells which path answered).
 */
describe('the lighter path: the feed answers exactly as the full pipeline', () => {
  const prefix = `${process.env.REDIS_PREFIX}hotreads:`;
  let hot: TestApp;
  let full: TestApp;
  let viewer: SignedIn & { cookie: string };
  let cursor: string;

  const signedIn = async (t: TestApp): Promise<SignedIn & { cookie: string }> => {
    const user = await signUp(t);
    const login = await request(t.app.getHttpServer()).post('/api/login').send({ username: user.user.username, password: PASSWORD }).expect(200);
    return { ...user, cookie: sessionCookieOf(login) };
  };
  const get = (t: TestApp, path: string, headers: Record<string, string> = {}) => {
    const req = request(t.app.getHttpServer()).get(path);
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req;
  };
  const hotCount = async (t: TestApp) => (await t.app.get(AppMetrics).hotReads.get()).values.reduce((n, v) => n + v.value, 0);
  const comparable = (res: request.Response) => ({
    status: res.status,
    body: res.body as unknown,
    headers: Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.has(name))),
  });

  beforeAll(async () => {
    hot = await bootApp({ REDIS_PREFIX: prefix, SESSION_USER_CACHE_MS: '60000' });
    full = await bootApp({ REDIS_PREFIX: prefix, SESSION_USER_CACHE_MS: '60000', HOT_READS: '0' });
    for (const t of [hot, full]) expect(await eventually(async () => t.app.get(InvalidationBus).live, 5000)).toBe(true);
    viewer = await signedIn(hot);
    const author = await signUp(full);
    await viewer.agent.post('/api/follow').send({ followerId: viewer.user.id, followedId: author.user.id }).expect((res) => expect([200, 201]).toContain(res.status));
    const posts = [];
    for (let i = 0; i < 8; i++) posts.push((await author.agent.post('/api/posts').send({ content: `hot read ${i} #hotreads`, category: i % 2 ? 'News' : 'Health' }).expect(201)).body);
    await author.agent.post(`/api/posts/${posts[0].id}/reply`).send({ content: 'a reply on the page' }).expect(201);
    await viewer.agent.post(`/api/posts/${posts[7].id}/like`).send({}).expect(200);
    await viewer.agent.post('/api/bookmarks').send({ postId: posts[6].id }).expect((res) => expect([200, 201]).toContain(res.status));
    const first = await get(full, '/api/posts?limit=3').expect(200);
    cursor = first.body.nextCursor;
    expect(cursor).toEqual(expect.any(String));
  });
  afterAll(async () => {
    await full?.close();
    await hot?.close();
  });

  /** Each query, its expected status, and whether the lighter path may answer it. */
  const queries: [string, number, boolean][] = [
    ['', 200, true],
    ['?limit=3', 200, true],
    ['?limit=100', 200, true],
    ['?category=News', 200, true],
    ['?category=', 200, true],
    ['?tab=all&limit=2', 200, true],
    ['?cursor=CURSOR', 200, true],
    ['?cursor=not-a-cursor', 400, true],
    ['?limit=0', 400, false],
    ['?limit=101', 400, false],
    ['?limit=2.5', 400, false],
    ['?limit=3&limit=4', 400, false],
    ['?tab=nope', 400, false],
    ['?category=weather', 400, false],
    ['?search=hot', 200, false],
    ['?tag=hotreads', 200, false],
    ['?username=nobody_here', 200, false],
    ['?unknown=1', 200, false],
    ['?cursor=%00', 400, false],
  ];

  /** The viewer's headers, signed in or out; signed in, both instances hold the session (the lighter path only takes sessions held in memory). */
  const viewerHeaders = async (signed: boolean): Promise<Record<string, string>> => {
    if (!signed) return {};
    const headers = { Cookie: viewer.cookie };
    for (const t of [hot, full]) await get(t, '/api/me', headers).expect(200);
    return headers;
  };

  /** Each path answers with the same status, headers and body on both instances: its expected status, on the lighter path or not as `light` says. */
  const expectSameOnBothPaths = async (cases: [path: string, status: number, light: boolean][], headers: Record<string, string>) => {
    for (const [path, status, light] of cases) {
      const before = await hotCount(hot);
      const fromFull = await get(full, path, headers);
      const fromHot = await get(hot, path, headers);
      expect({ path, ...comparable(fromHot) }).toEqual({ path, ...comparable(fromFull) });
      expect({ path, status: fromHot.status }).toEqual({ path, status });
      expect({ path, light: (await hotCount(hot)) > before }).toEqual({ path, light });
    }
  };

  it.each([
    ['signed out', false],
    ['signed in', true],
  ])('%s: every query gives the same status, headers and body on both paths', async (_who, signed) => {
    const headers = await viewerHeaders(signed);
    const cases = queries.map(([query, status, light]): [string, number, boolean] => [`/api/posts${query.replace('CURSOR', encodeURIComponent(cursor))}`, status, light]);
    await expectSameOnBothPaths(cases, headers);
  });

  it('a page read past the cache is answered as a kept one is (its length, compressed once), as on the lighter path', async () => {
    // Past the cache (FEED_CACHE_MS=0) every page is read anew, as a page read while a change it shows
    // arrived is answered without being kept.
    const past = await bootApp({ REDIS_PREFIX: prefix, FEED_CACHE_MS: '0', HOT_READS: '0' });
    try {
      const headers = await viewerHeaders(true);
      for (const path of ['/api/posts', '/api/posts?tab=following', '/api/search/posts?query=hot']) {
        const fromPast = await get(past, path, headers).expect(200);
        expect({ path, length: fromPast.headers['content-length'], encoding: fromPast.headers['content-encoding'] }).toEqual({ path, length: expect.any(String), encoding: 'gzip' });
        expect({ path, ...comparable(fromPast) }).toEqual({ path, ...comparable(await get(hot, path, headers)) });
      }
    } finally {
      await past.close();
    }
  });

  /** Post search: each query, its expected status, and whether the lighter path may answer it. */
  const searches: [string, number, boolean][] = [
    ['?query=hot', 200, true],
    ['?query=hot&limit=2', 200, true],
    ['?query=hot&limit=2&cursor=SEARCH_CURSOR', 200, true],
    ['?query=read%20news', 200, true],
    ['?query=', 400, true],
    ['', 400, true],
    ['?query=hot&cursor=bad', 400, true],
    ['?query=hot&limit=0', 400, false],
    ['?query=hot&query=read', 400, false],
    [`?query=${'x'.repeat(201)}`, 400, false],
    ['?query=hot&extra=1', 200, false],
  ];

  it.each([
    ['signed out', false],
    ['signed in', true],
  ])('post search, %s: the same status, headers and body on both paths', async (_who, signed) => {
    const headers = await viewerHeaders(signed);
    const searchCursor = (await get(full, '/api/search/posts?query=hot&limit=2').expect(200)).body.nextCursor;
    expect(searchCursor).toEqual(expect.any(String));
    const cases = searches.map(([query, status, light]): [string, number, boolean] => [`/api/search/posts${query.replace('SEARCH_CURSOR', encodeURIComponent(searchCursor))}`, status, light]);
    await expectSameOnBothPaths(cases, headers);
  });

  it('the following tab: the viewer’s page on both paths, and 401 signed out', async () => {
    const headers = await viewerHeaders(true);
    const fromFull = await get(full, '/api/posts?tab=following', headers).expect(200);
    const fromHot = await get(hot, '/api/posts?tab=following', headers).expect(200);
    expect(comparable(fromHot)).toEqual(comparable(fromFull));
    expect(fromHot.body.items.length).toBeGreaterThan(0);
    const anonymous = await get(hot, '/api/posts?tab=following').expect(401);
    expect(anonymous.body).toEqual({ success: false, error: MESSAGES.auth.notSignedIn, statusCode: 401 });
  });

  it("a member's conversations (lists, unread counts, pages): the same status, headers and body on both paths; signed out and non-members as the full route answers them", async () => {
    const headers = await viewerHeaders(true);
    const post = (path: string, body: object) => request(hot.app.getHttpServer()).post(path).set('Cookie', viewer.cookie).send(body);
    const ids: number[] = [];
    for (const other of [await signUp(full), await signUp(full)]) {
      const id = (await post('/api/conversations', { memberIds: [other.user.id] }).expect(201)).body.id as number;
      for (const text of ['one', 'two', 'three']) await post(`/api/conversations/${id}/messages`, { text }).expect(201);
      ids.push(id);
    }
    const id = ids[1];
    const listCursor = (await get(full, '/api/conversations?limit=1', headers).expect(200)).body.nextCursor;
    const pageCursor = (await get(full, `/api/conversations/${id}/messages?limit=2`, headers).expect(200)).body.nextCursor;
    expect([listCursor, pageCursor]).toEqual([expect.any(String), expect.any(String)]);
    const cases: [string, number, boolean][] = [
      ['/api/conversations', 200, true],
      ['/api/conversations?filter=requests', 200, true],
      [`/api/conversations?limit=1&cursor=${encodeURIComponent(listCursor)}`, 200, true],
      ['/api/conversations?search=nobody', 200, false],
      ['/api/conversations?filter=everything', 400, false],
      ['/api/conversations/unread', 200, true],
      ['/api/conversations/unread?extra=1', 200, false],
      [`/api/conversations/${id}/messages`, 200, true],
      [`/api/conversations/${id}/messages?limit=2&cursor=${encodeURIComponent(pageCursor)}`, 200, true],
      [`/api/conversations/${id}/messages?cursor=not-a-cursor`, 400, true],
      [`/api/conversations/${id}/messages?limit=0`, 400, false],
      ['/api/conversations/2147483000/messages', 404, true],
      ['/api/conversations/abc/messages', 400, false],
    ];
    await expectSameOnBothPaths(cases, headers);
    await expectSameOnBothPaths([
      ['/api/conversations', 401, false],
      ['/api/conversations/unread', 401, false],
      [`/api/conversations/${id}/messages`, 401, false],
    ], {});
  });

  it('compressed and conditional answers: brotli, gzip, identity and a 304 on a matching ETag', async () => {
    const headers = { Cookie: viewer.cookie };
    for (const encoding of ['br', 'gzip', 'identity']) {
      const [fromFull, fromHot] = [await get(full, '/api/posts?limit=100', { ...headers, 'Accept-Encoding': encoding }), await get(hot, '/api/posts?limit=100', { ...headers, 'Accept-Encoding': encoding })];
      expect(comparable(fromHot)).toEqual(comparable(fromFull));
      expect(fromHot.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    }
    const etag = (await get(hot, '/api/posts', headers).expect(200)).headers.etag;
    const before = await hotCount(hot);
    await get(hot, '/api/posts', { ...headers, 'If-None-Match': etag }).expect(304);
    expect(await hotCount(hot)).toBe(before + 1);
  });

  it("the viewer's own like shows on the next read, and a sign-out on the other instance ends the session at once", async () => {
    const member = await signedIn(hot);
    const headers = { Cookie: member.cookie };
    const page = (await get(hot, '/api/posts', headers).expect(200)).body.items as { id: number; likedByMe: boolean; likes: number }[];
    const target = page[0];
    expect(target.likedByMe).toBe(false);
    await request(full.app.getHttpServer()).post(`/api/posts/${target.id}/like`).set('Cookie', member.cookie).send({}).expect(200);
    const after = (await get(hot, '/api/posts', headers).expect(200)).body.items.find((p: { id: number }) => p.id === target.id);
    expect(after).toMatchObject({ likedByMe: true, likes: target.likes + 1 });

    await get(hot, '/api/posts?tab=following', headers).expect(200);
    await request(full.app.getHttpServer()).post('/api/logout').set('Cookie', member.cookie).expect(200);
    await get(hot, '/api/posts?tab=following', headers).expect(401);
    const signedOut = (await get(hot, '/api/posts', headers).expect(200)).body.items.find((p: { id: number }) => p.id === target.id);
    expect(signedOut.likedByMe).toBe(false);
  });

  it('a session due for its daily renewal goes through the full pipeline and gets its new cookie', async () => {
    const member = await signedIn(hot);
    const redis = hot.app.get<Redis>(REDIS);
    const key = `${hot.settings.redisPrefix}sess:${sessionIdOf(member.cookie)}`;
    const maxAge = hot.settings.sessionMaxAgeDays * DAY;
    const stored = JSON.parse((await redis.get(key))!);
    stored.cookie.expires = new Date(Date.now() + maxAge - 2 * DAY).toISOString();
    await redis.set(key, JSON.stringify(stored), 'EX', Math.round((maxAge - 2 * DAY) / 1000));
    const before = await hotCount(hot);
    const res = await get(hot, '/api/posts', { Cookie: member.cookie }).expect(200);
    expect(String(res.headers['set-cookie'] ?? '')).toMatch(/Expires=/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await hotCount(hot)).toBe(before);
  });

  it('a request from a foreign page is refused with 403, as on every API route', async () => {
    for (const headers of [{ Origin: 'https://elsewhere.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
      const [fromFull, fromHot] = [await get(full, '/api/posts', headers), await get(hot, '/api/posts', headers)];
      expect(comparable(fromHot)).toEqual(comparable(fromFull));
      expect(fromHot.body).toEqual({ success: false, error: MESSAGES.http.originRefused, statusCode: 403 });
    }
  });

  it('a forged or unknown session cookie reads as signed out, as express-session reads it', async () => {
    const forged = viewer.cookie.replace(/.(;|$)/, (c, end) => `${c === 'A' ? 'B' : 'A'}${end}`);
    for (const cookie of [forged, 'c9.sid=s%3Anobody.c2lnbmF0dXJl']) {
      const [fromFull, fromHot] = [await get(full, '/api/posts', { Cookie: cookie }), await get(hot, '/api/posts', { Cookie: cookie })];
      expect(comparable(fromHot)).toEqual(comparable(fromFull));
      expect(fromHot.status).toBe(200);
    }
  });
});

describe('the lighter path under the rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}hotlimit:`, RATE_LIMIT_API_USER: '4/60s', RATE_LIMIT_API_ANON: '100/60s', RATE_LIMIT_SEARCH: '2/60s' });
  });
  afterAll(() => t.close());

  it('counts each feed page against RATE_LIMIT_API_USER, with its headers, and refuses the next with the 429', async () => {
    const member = await signUp(t);
    await member.agent.get('/api/me').expect(200); // 1 of 4 (sign-up and sign-in were anonymous)
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) remaining.push((await member.agent.get('/api/posts').expect(200)).headers['ratelimit-remaining']);
    expect(remaining).toEqual(['2', '1', '0']);
    expect((await t.app.get(AppMetrics).hotReads.get()).values.reduce((n, v) => n + v.value, 0)).toBe(3);
    const refused = await member.agent.get('/api/posts');
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: { success: false, error: MESSAGES.rateLimit.api, statusCode: 429 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('counts each post search against RATE_LIMIT_SEARCH too, and refuses the next with its 429', async () => {
    const before = (await t.app.get(AppMetrics).hotReads.get()).values.reduce((n, v) => n + v.value, 0);
    const remaining: string[] = [];
    for (let i = 0; i < 2; i++) remaining.push((await t.agent().get('/api/search/posts?query=hot').expect(200)).headers['ratelimit-remaining']);
    expect(remaining).toEqual(['1', '0']);
    const refused = await t.agent().get('/api/search/posts?query=hot');
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: { success: false, error: MESSAGES.rateLimit.search, statusCode: 429 } });
    expect((await t.app.get(AppMetrics).hotReads.get()).values.reduce((n, v) => n + v.value, 0)).toBe(before + 3);
  });
});
