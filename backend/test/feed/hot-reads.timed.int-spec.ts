import { Pool, type QueryConfig } from 'pg';
import type { Page, Post } from '@cloud9/contracts';
import { SqlService } from '../../src/common/db/sql.service';
import { feedFilterOf } from '../../src/modules/posts/feed-filter';
import type { TimeCursor } from '../../src/common/db/cursor';
import { FOLLOWING_WALK_MIN, FOLLOWING_WALK_ROWS, feedPageSql } from '../../src/modules/posts/feed.sql';
import { AccountsService } from '../../src/modules/users/accounts.service';
import { SESSION_USER_SQL } from '../../src/modules/users/users.sql';
import { bootApp, signUp, SignedIn, TestApp, withoutStatementLimit } from '../support/app';

type Row = { id: number; cursor_time: string; cursor_id: number };

describe('hot reads: following feed plans, prepared statements, session user', () => {
  let t: TestApp;
  let viewer: SignedIn;
  let followed: number[];
  let others: number[];

  /** Inserts `n` bare accounts straight into the table (no sign-up: hashing 200 passwords is slow). */
  async function bareUsers(n: number): Promise<number[]> {
    const tag = `hr${Date.now().toString(36)}`;
    const rows: { id: number }[] = await t.db.query(
      `INSERT INTO users (username, email, password_hash) SELECT $1 || '_' || i, $1 || '_' || i || '@t.local', 'x' FROM generate_series(1, $2::int) i RETURNING id`,
      [tag, n],
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** Every page of the following feed through one plan, straight from the SQL builder. */
  async function pagesOf(plan: 'walk' | 'lateral', take: number): Promise<number[][]> {
    const filter = feedFilterOf({ tab: 'following' }, { id: viewer.user.id, following_count: followed.length });
    const pages: number[][] = [];
    let cursor: TimeCursor | undefined;
    for (let guard = 0; guard < 2000; guard++) {
      const { sql, params } = feedPageSql(filter, cursor, [], take + 1, plan);
      const rows: Row[] = await t.db.query(sql, params);
      const kept = rows.slice(0, take);
      pages.push(kept.map((r) => r.id));
      if (rows.length <= take) return pages;
      const last = kept[kept.length - 1];
      cursor = { time: last.cursor_time, id: last.cursor_id };
    }
    throw new Error('paging did not end');
  }

  const expected = async (): Promise<number[]> =>
    (
      await t.db.query(
        `SELECT p.id FROM posts p JOIN follows f ON f.followed_id = p.user_id AND f.follower_id = $1
          WHERE p.parent_id IS NULL ORDER BY p.created_at DESC, p.id DESC`,
        [viewer.user.id],
      )
    ).map((r: { id: number }) => r.id);

  beforeAll(async () => {
    // Which statements a request runs: with the in-process caches off, every request reads (the
    // caches' own suites prove what they save).
    t = await bootApp({ FEED_CACHE_MS: '0', SESSION_USER_CACHE_MS: '0' });
    viewer = await signUp(t);
    const accounts = await bareUsers(FOLLOWING_WALK_MIN + 40);
    followed = accounts.slice(0, FOLLOWING_WALK_MIN + 10);
    others = accounts.slice(FOLLOWING_WALK_MIN + 10);
    await t.db.query(`INSERT INTO follows (follower_id, followed_id) SELECT $1, unnest($2::bigint[])`, [viewer.user.id, followed]);
    await t.db.query(`UPDATE users SET following_count = $2 WHERE id = $1`, [viewer.user.id, followed.length]);
    // Posts by everyone, some sharing a microsecond, some replies (never in a feed).
    await t.db.query(
      `INSERT INTO posts (user_id, content, created_at, updated_at)
       SELECT u, 'hot read ' || i, ts, ts
         FROM (SELECT (unnest($1::bigint[])) AS u) a, generate_series(1, 3) i,
              LATERAL (SELECT timestamptz '2031-01-01' + ((u % 37) * 7 + i) * interval '1 second' + (u % 3) * interval '1 microsecond' AS ts) x`,
      [[...followed, ...others]],
    );
    await t.db.query(
      `INSERT INTO posts (user_id, parent_id, content, created_at, updated_at)
       SELECT p.user_id, p.id, 'reply', p.created_at + interval '1 ms', p.created_at + interval '1 ms'
         FROM posts p WHERE p.user_id = ANY($1::bigint[]) AND p.id % 5 = 0`,
      [followed],
    );
  });
  afterAll(async () => {
    if (t) await withoutStatementLimit(t, (db) => db.query(`DELETE FROM users WHERE id = ANY($1::bigint[])`, [[...(followed ?? []), ...(others ?? [])]]));
    await t?.close();
  });

  it('the walk plan and the LATERAL plan give the same pages, equal to a direct ORDER BY', async () => {
    const all = await expected();
    expect(all.length).toBeGreaterThan(3 * FOLLOWING_WALK_MIN);
    for (const take of [7, 20, 100]) {
      const walk = await pagesOf('walk', take);
      const lateral = await pagesOf('lateral', take);
      expect(walk).toEqual(lateral);
      expect(walk.flat()).toEqual(all);
    }
  });

  it('the walk falls back to the LATERAL plan when the newest posts are not by followed accounts', async () => {
    const [filler] = others;
    await withoutStatementLimit(t, (db) =>
      db.query(
        `INSERT INTO posts (user_id, content, created_at, updated_at)
         SELECT $1, 'filler ' || i, timestamptz '2032-01-01' + i * interval '1 ms', timestamptz '2032-01-01' + i * interval '1 ms'
           FROM generate_series(1, $2::int) i`,
        [filler, FOLLOWING_WALK_ROWS + 50],
      ),
    );
    try {
      const walk = await pagesOf('walk', 20);
      expect(walk).toEqual(await pagesOf('lateral', 20));
      expect(walk.flat()).toEqual(await expected());
    } finally {
      await withoutStatementLimit(t, (db) => db.query(`DELETE FROM posts WHERE user_id = $1 AND content LIKE 'filler %'`, [filler]));
    }
  });

  it('the API pages the following tab of a viewer who follows many accounts like the direct ORDER BY', async () => {
    const got: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await viewer.agent.get(`/api/posts?tab=following&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).expect(200);
      const page = res.body as Page<Post>;
      got.push(...page.items.filter((p) => !p.isBoosted && !p.isAdminBoosted).map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await expected();
    expect(got).toEqual(all.filter((id) => got.includes(id)));
    expect(got.length).toBeGreaterThanOrEqual(all.length - 4); // at most the pinned boosts are elsewhere
  });

  it('runs the session user, feed pages and search as named prepared statements; a word-dependent statement unnamed', async () => {
    // The hot reads' own pool (SqlService), and every pool's query with it: what each statement was sent as.
    const sent = jest.spyOn(Pool.prototype, 'query');
    let calls: [QueryConfig | string][];
    try {
      await viewer.agent.get('/api/posts').expect(200);
      await viewer.agent.get('/api/posts?tab=following').expect(200);
      await viewer.agent.get('/api/search/posts?query=hot').expect(200);
      await viewer.agent.get('/api/search/posts?query=zqxjkwv').expect(200);
    } finally {
      calls = [...(sent.mock.calls as unknown as [QueryConfig | string][])];
      sent.mockRestore();
    }
    const seen = calls.flatMap(([config]) => (typeof config === 'object' && config.text ? [{ name: config.name, text: config.text }] : []));
    const session = seen.filter((s) => s.text === SESSION_USER_SQL);
    expect(session.length).toBe(4);
    expect(session.every((s) => /^c9_[0-9a-f]{24}$/.test(s.name ?? ''))).toBe(true);
    const pages = seen.filter((s) => /WITH page AS MATERIALIZED/.test(s.text));
    expect(pages.length).toBe(4);
    expect(pages.every((s) => s.name?.startsWith('c9_'))).toBe(true);
    // 'hot' is common here: its newest matches are enough. 'zqxjkwv' is rare: older matches are
    // looked up too, planned for the word.
    expect(seen.filter((s) => s.name === undefined && /UNION/.test(s.text)).length).toBe(1);
    expect(seen.some((s) => s.name === undefined && /UNION/.test(s.text) && /ILIKE/.test(s.text))).toBe(true);
    // One text, one name, on every call.
    const names = new Map<string, Set<string | undefined>>();
    for (const s of seen) names.set(s.text, (names.get(s.text) ?? new Set()).add(s.name));
    expect([...names.values()].every((set) => set.size === 1)).toBe(true);
    expect(t.app.get(SqlService).nameOf(SESSION_USER_SQL)).toBe(session[0].name);
  });

  it('the session user load returns the same entity as findById', async () => {
    const users = t.app.get(AccountsService);
    for (const id of [viewer.user.id, followed[0]]) {
      await t.db.query(`UPDATE users SET birthdate = '1990-02-03', bio = 'b', followers_count = 4 WHERE id = $1`, [id]);
      const fast = await users.findSessionUser(id);
      const slow = await users.findById(id);
      expect(fast).toStrictEqual(slow);
      expect(fast?.group?.post_limit).toBeGreaterThan(0);
    }
    expect(await users.findSessionUser(987654321)).toBeNull();
  });
});
