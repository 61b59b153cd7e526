import request from 'supertest';
import type { Page, Post } from '@cloud9/contracts';
import { InvalidationBus } from '../../src/common/cache/invalidation-bus';
import { SqlService } from '../../src/common/db/sql.service';
import { bootApp, PASSWORD, signUp, type TestApp } from '../support/app';
import { eventually, sessionCookieOf } from '../support/harness';
import { startPrivateRedis, type PrivateRedis } from '../support/private-services';

/**
 * The in-process caches while Redis is away or silent: an instance that cannot hear the others'
 * changes serves no cached page (answers stay correct, and fast), and a silent Redis, which the
 * subscription cannot notice, still ends every cached page within FEED_CACHE_MS.
 */
describe('cached pages while Redis is away (private Redis)', () => {
  // Long enough that the reads right after a fill still find it on a busy machine; short enough to wait out.
  const CACHE_MS = 1500;
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp;
  let postId: number;
  let cookie: string;

  const timed = async (path: string, withCookie = false) => {
    const started = Date.now();
    const req = request(b.app.getHttpServer()).get(path);
    if (withCookie) void req.set('Cookie', cookie);
    const res = await req;
    return { res, ms: Date.now() - started };
  };
  const contentOnB = async () => {
    const { res, ms } = await timed('/api/posts?limit=50');
    expect(res.status).toBe(200);
    expect(ms).toBeLessThan(1000);
    return (res.body as Page<Post>).items.find((p) => p.id === postId)?.content;
  };
  /** Changes the post behind the app's back: no instance is told. */
  const rewrite = (content: string) => a.db.query('UPDATE posts SET content = $1 WHERE id = $2', [content, postId]);

  beforeAll(async () => {
    redis = await startPrivateRedis({ appendonly: false });
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: `${process.env.REDIS_PREFIX}cachefault:`, FEED_CACHE_MS: String(CACHE_MS) };
    a = await bootApp(env);
    b = await bootApp(env);
    for (const t of [a, b]) expect(await eventually(async () => t.app.get(InvalidationBus).live, 5000)).toBe(true);
    const author = await signUp(a);
    postId = ((await author.agent.post('/api/posts').send({ content: 'as written' }).expect(201)).body as Post).id;
    const login = await request(a.app.getHttpServer()).post('/api/login').send({ username: author.user.username, password: PASSWORD }).expect(200);
    cookie = sessionCookieOf(login);
  });
  afterAll(async () => {
    await redis?.start().catch(() => undefined);
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it('serves no cached page while its subscription is down, and caches again once it is back', async () => {
    expect(await contentOnB()).toBe('as written'); // b now holds the page
    await redis.kill();
    expect(await eventually(async () => !b.app.get(InvalidationBus).live, 5000)).toBe(true);
    await rewrite('changed while Redis was away');
    expect(await contentOnB()).toBe('changed while Redis was away');
    // A signed-in request needs its session: a fast 503, never a hang.
    const signedIn = await timed('/api/posts', true);
    expect(signedIn.res.status).toBe(503);
    expect(signedIn.ms).toBeLessThan(1000);

    await redis.start();
    expect(await eventually(async () => b.app.get(InvalidationBus).live, 10_000)).toBe(true);
    await rewrite('changed again');
    expect(await contentOnB()).toBe('changed again');
    // Cached again: the next reads run no page statement.
    const statements: string[] = [];
    const sql = b.app.get(SqlService);
    const original = sql.query.bind(sql);
    (sql as { query: unknown }).query = (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
      statements.push(text);
      return original(text, values, options);
    };
    try {
      expect(await contentOnB()).toBe('changed again');
      expect(await contentOnB()).toBe('changed again');
    } finally {
      (sql as { query: unknown }).query = original;
    }
    expect(statements.filter((s) => /WITH page AS MATERIALIZED/.test(s))).toHaveLength(0);
    expect((await timed('/api/posts', true)).res.status).toBe(200);
  });

  it('a silent Redis (frozen) still ends every cached page within FEED_CACHE_MS', async () => {
    await rewrite('before the freeze');
    // Set-up: b drops what it holds at once (its own publish applies before the message goes out), so the
    // read below is not racing the pub/sub message an announcement from a would be.
    await b.app.get(InvalidationBus).publish({ all: true });
    expect(await contentOnB()).toBe('before the freeze');
    redis.freeze();
    try {
      await rewrite('changed while Redis was silent');
      await new Promise((r) => setTimeout(r, CACHE_MS + 50));
      expect(await contentOnB()).toBe('changed while Redis was silent');
    } finally {
      redis.thaw();
    }
  });
});
