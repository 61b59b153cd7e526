import request from 'supertest';
import type { Page, Post } from '@cloud9/contracts';
import { InvalidationBus } from '../../src/common/cache/invalidation-bus';
import { SqlService } from '../../src/common/db/sql.service';
import { bootApp, PASSWORD, signUp, type SignedIn, type TestApp } from '../support/app';
import { eventually, sessionCookieOf } from '../support/harness';

const LIFE_MS = 4000;
const PAGE_STATEMENT = /WITH page AS MATERIALIZED/;
const FLAGS_STATEMENT = /unnest\(\$2::bigint\[\]\)/;

/**
 * A kept page still in use is read again in the background past half its life (SharedPageCache,
 * kept-life.ts): readers meanwhile are answered from memory, never wait for that read, and the
 * page read again takes over, with each viewer's copy carried over with their own flags.
 */
describe('kept feed pages are read again ahead of their end', () => {
  let t: TestApp;
  let author: SignedIn;
  let fan: SignedIn & { cookie: string };
  let post: Post;

  const page = async (who?: { cookie: string }): Promise<Page<Post>> => {
    const req = request(t.app.getHttpServer()).get('/api/posts?limit=50');
    if (who) void req.set('Cookie', who.cookie);
    return (await req.expect(200)).body as Page<Post>;
  };
  const shown = async (who?: { cookie: string }) => (await page(who)).items.find((p) => p.id === post.id)!;
  /** Holds every statement matching `held` after it has read its rows until `release`; counts the statements run meanwhile. */
  const holdReads = (held: RegExp) => {
    const sql = t.app.get(SqlService);
    const original = sql.query.bind(sql);
    const statements: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    (sql as { query: unknown }).query = async (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
      statements.push(text);
      const rows = await original(text, values, options);
      if (held.test(text)) await gate;
      return rows;
    };
    return {
      count: (pattern: RegExp) => statements.filter((s) => pattern.test(s)).length,
      release: () => {
        release();
        (sql as { query: unknown }).query = original;
      },
    };
  };

  beforeAll(async () => {
    t = await bootApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}feedrefresh:`, FEED_CACHE_MS: String(LIFE_MS) });
    expect(await eventually(async () => t.app.get(InvalidationBus).live, 5000)).toBe(true);
    author = await signUp(t, { groupId: 9 });
    const user = await signUp(t);
    const login = await request(t.app.getHttpServer()).post('/api/login').send({ username: user.user.username, password: PASSWORD }).expect(200);
    fan = { ...user, cookie: sessionCookieOf(login) };
    await t.db.query(`DELETE FROM boosts`);
    post = (await author.agent.post('/api/posts').send({ content: 'read again ahead of its end' }).expect(201)).body as Post;
    await fan.agent.post(`/api/posts/${post.id}/like`).send({}).expect(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers from memory while the page is read again, then serves the page read again with each viewer’s own flags', async () => {
    await t.app.get(InvalidationBus).publish({ all: true });
    const readAt = Date.now();
    expect((await shown()).likes).toBe(1);
    expect((await shown(fan)).likedByMe).toBe(true);
    // A count no event announced: only a read of the database shows it.
    await t.db.query('UPDATE posts SET likes_count = 41 WHERE id = $1', [post.id]);
    await new Promise((r) => setTimeout(r, LIFE_MS / 2 + 100 - (Date.now() - readAt)));

    const held = holdReads(PAGE_STATEMENT);
    try {
      // Past half its life: the read again starts, and is held, yet both readers are answered at once, from memory.
      expect((await shown()).likes).toBe(1);
      expect((await shown(fan)).likes).toBe(1);
      expect(Date.now() - readAt).toBeLessThan(LIFE_MS);
      expect(held.count(PAGE_STATEMENT)).toBe(1);
    } finally {
      held.release();
    }
    expect(await eventually(async () => (await shown()).likes === 41, 2000)).toBe(true);
    // The fan's copy went on with the new page: with every page and flags read held, they are answered at once.
    const after = holdReads(new RegExp(`${PAGE_STATEMENT.source}|${FLAGS_STATEMENT.source}`));
    let timer: NodeJS.Timeout | undefined;
    try {
      const waited = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the fan waited for a read')), 3000)));
      expect(await Promise.race([shown(fan), waited])).toEqual(expect.objectContaining({ likes: 41, likedByMe: true }));
    } finally {
      clearTimeout(timer);
      after.release();
    }
  });
});
