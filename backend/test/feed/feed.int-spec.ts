import { MESSAGES, orderFeed, type Page, type Post } from '@cloud9/contracts';
import { InvalidationBus } from '../../src/common/cache/invalidation-bus';
import { SqlService } from '../../src/common/db/sql.service';
import { RUNNING_SUSPENSIONS_SQL } from '../../src/modules/safety/safety.sql';
import { SESSION_USER_SQL } from '../../src/modules/users/users.sql';
import { analyze, bootApp, signUp, SignedIn, TestApp } from '../support/app';
import { plansOf } from '../support/query-plans';

/** Inserts top-level posts directly, with exact created_at values (microseconds matter). */
async function insertPost(t: TestApp, userId: number, content: string, createdAt: string, category = 'General'): Promise<number> {
  const [{ id }] = await t.db.query(
    `INSERT INTO posts (user_id, content, category, created_at, updated_at) VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz) RETURNING id`,
    [userId, content, category, createdAt],
  );
  return id;
}

describe('home feeds (order, paging, filters)', () => {
  let t: TestApp;
  let alice: SignedIn;

  const ids = (page: Page<Post>) => page.items.map((p) => p.id);

  /** Follows nextCursor to the end, checking every page's size. */
  async function pageThrough(agent: SignedIn['agent'] | null, path: string, limit: number): Promise<Post[]> {
    const all: Post[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 1000; guard++) {
      const sep = path.includes('?') ? '&' : '?';
      const url = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await (agent ?? t.agent()).get(url).expect(200);
      const page = res.body as Page<Post>;
      all.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) return all;
      expect(page.items.length).toBeGreaterThanOrEqual(limit);
    }
    throw new Error('paging did not end');
  }

  beforeAll(async () => {
    t = await bootApp();
    alice = await signUp(t);
  });
  afterAll(() => t?.close());

  it('pages through 45+ posts with limit 10 without repeats or gaps, also within one millisecond and one microsecond', async () => {
    const author = await signUp(t);
    const base = '2024-03-01T10:00:00.000';
    // Same millisecond, different microseconds; identical microseconds; and ordinary spread.
    for (let i = 0; i < 15; i++) await insertPost(t, author.user.id, `same ms ${i}`, `${base}${String(100 + i).padStart(3, '0')}Z`);
    for (let i = 0; i < 15; i++) await insertPost(t, author.user.id, `same us ${i}`, `2024-03-01T09:00:00.123456Z`);
    for (let i = 0; i < 17; i++) await insertPost(t, author.user.id, `spread ${i}`, `2024-02-${String(i + 1).padStart(2, '0')}T08:00:00.5Z`);

    const expected: number[] = (
      await t.db.query(`SELECT id FROM posts WHERE user_id = $1 AND parent_id IS NULL ORDER BY created_at DESC, id DESC`, [author.user.id])
    ).map((r: { id: number }) => r.id);
    expect(expected).toHaveLength(47);

    const got = await pageThrough(null, `/api/posts?username=${author.user.username}`, 10);
    expect(got.map((p) => p.id)).toEqual(expected);

    // The whole home feed (no active boosts at this point) equals a direct ORDER BY too, less what nobody
    // sees: the posts of suspended accounts (other suites of the run may leave a suspension running).
    await t.db.query(`UPDATE boosts SET status = 'expired' WHERE status = 'active'`);
    const everything: number[] = (
      await t.db.query(
        `SELECT id FROM posts WHERE parent_id IS NULL AND user_id NOT IN (SELECT user_id FROM suspensions WHERE until > now())
          ORDER BY created_at DESC, id DESC`,
      )
    ).map(
      (r: { id: number }) => r.id,
    );
    const all = await pageThrough(alice.agent, '/api/posts', 10);
    expect(all.map((p) => p.id)).toEqual(everything);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  });

  it('puts the admin boost first, then up to 3 user boosts by updated_at, ignoring expired boosts; each post once across pages', async () => {
    const author = await signUp(t, { groupId: 6 });
    const at = (minute: number) => `2024-05-01T12:${String(minute).padStart(2, '0')}:00.000001Z`;
    const p: number[] = [];
    for (let i = 0; i < 12; i++) p.push(await insertPost(t, author.user.id, `boost test ${i}`, at(i)));
    const setUpdated = (id: number, iso: string) => t.db.query(`UPDATE posts SET updated_at = $2 WHERE id = $1`, [id, iso]);
    await setUpdated(p[1], '2024-06-01T00:00:00Z');
    await setUpdated(p[2], '2024-06-03T00:00:00Z');
    await setUpdated(p[3], '2024-06-02T00:00:00Z');
    await setUpdated(p[4], '2024-05-30T00:00:00Z'); // 4th user boost: oldest update, not pinned
    const boost = (postId: number, kind: string, status: string, expires: string | null) =>
      t.db.query(`INSERT INTO boosts (post_id, user_id, kind, status, expires_at) VALUES ($1, $2, $3, $4, $5)`, [postId, author.user.id, kind, status, expires]);
    await t.db.query(`UPDATE boosts SET status = 'expired' WHERE status = 'active'`);
    await boost(p[0], 'admin', 'active', null);
    for (const i of [1, 2, 3, 4]) await boost(p[i], 'user', 'active', new Date(Date.now() + 3600_000).toISOString());
    await boost(p[5], 'user', 'active', new Date(Date.now() - 1000).toISOString()); // expired by time
    await boost(p[6], 'user', 'expired', null);
    await boost(p[7], 'user', 'requested', null);

    const first = (await t.agent().get(`/api/posts?username=${author.user.username}&limit=5`).expect(200)).body as Page<Post>;
    expect(ids(first).slice(0, 4)).toEqual([p[0], p[2], p[3], p[1]]);
    expect(first.items[0].isAdminBoosted).toBe(true);
    expect(first.items.slice(1, 4).every((x) => x.isBoosted)).toBe(true);
    expect(first.items.find((x) => x.id === p[5])?.isBoosted ?? false).toBe(false);

    const all = await pageThrough(null, `/api/posts?username=${author.user.username}`, 5);
    expect(all.map((x) => x.id)).toEqual(orderFeed(all).map((x) => x.id));
    expect(all.map((x) => x.id)).toEqual([p[0], p[2], p[3], p[1], ...[11, 10, 9, 8, 7, 6, 5, 4].map((i) => p[i])]);
    expect(new Set(all.map((x) => x.id)).size).toBe(12);

    // The plain home feed starts with the same pinned posts; filters apply to pinned posts too.
    const home = (await t.agent().get('/api/posts?limit=3').expect(200)).body as Page<Post>;
    expect(ids(home).slice(0, 4)).toEqual([p[0], p[2], p[3], p[1]]);
    const travel = (await t.agent().get('/api/posts/category/Travel').expect(200)).body as Page<Post>;
    expect(ids(travel)).not.toContain(p[0]);
    await t.db.query(`UPDATE boosts SET status = 'expired' WHERE status = 'active'`);
  });

  it('filters by category (route and query), author, @user search and text', async () => {
    const bob = await signUp(t);
    const news = await insertPost(t, bob.user.id, 'zebra crossing news', '2024-07-01T00:00:00Z', 'News');
    const travel = await insertPost(t, bob.user.id, 'zebra safari trip', '2024-07-02T00:00:00Z', 'Travel');
    const other = await insertPost(t, alice.user.id, 'zebra by alice', '2024-07-03T00:00:00Z', 'News');

    const byRoute = ids((await t.agent().get('/api/posts/category/News').expect(200)).body);
    expect(byRoute).toEqual(expect.arrayContaining([news, other]));
    expect(byRoute).not.toContain(travel);
    expect((await t.agent().get('/api/posts/category/Social%20Media').expect(200)).body.items.every((x: Post) => x.category === 'Social Media')).toBe(true);
    expect(ids((await t.agent().get(`/api/posts?category=Travel&username=${bob.user.username}`).expect(200)).body)).toEqual([travel]);

    expect(ids((await t.agent().get(`/api/posts?search=${encodeURIComponent(`@${bob.user.username} safari`)}`).expect(200)).body)).toEqual([travel]);
    expect(ids((await t.agent().get(`/api/posts?search=${encodeURIComponent(`@${bob.user.username.toUpperCase()}`)}`).expect(200)).body)).toEqual([travel, news]);
    const zebra = ids((await t.agent().get('/api/posts?search=zebra').expect(200)).body);
    expect(zebra).toEqual(expect.arrayContaining([news, travel, other]));
    expect(ids((await t.agent().get('/api/posts?search=zebr').expect(200)).body)).toEqual(expect.arrayContaining([news, travel, other]));
    expect((await t.agent().get('/api/posts?search=@nobody_here_xyz').expect(200)).body.items).toEqual([]);
  });

  it('tab=following lists only followed authors and needs a session', async () => {
    const viewer = await signUp(t);
    const [b, c, d] = [await signUp(t), await signUp(t), await signUp(t)];
    await t.db.query(`INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2), ($1, $3)`, [viewer.user.id, b.user.id, c.user.id]);
    const pb = await insertPost(t, b.user.id, 'from b', '2030-01-01T00:00:00.000002Z');
    const pc = await insertPost(t, c.user.id, 'from c', '2030-01-01T00:00:00.000001Z');
    const pc2 = await insertPost(t, c.user.id, 'older from c', '2029-01-01T00:00:00Z');
    const pd = await insertPost(t, d.user.id, 'from d', '2030-01-02T00:00:00Z');
    await t.db.query(`INSERT INTO boosts (post_id, user_id, kind, status) VALUES ($1, $2, 'user', 'active')`, [pd, d.user.id]);

    const all = await pageThrough(viewer.agent, '/api/posts?tab=following', 1);
    expect(all.map((x) => x.id)).toEqual([pb, pc, pc2]);
    const res = await t.agent().get('/api/posts?tab=following').expect(401);
    expect(res.body).toEqual({ success: false, error: MESSAGES.auth.notSignedIn, statusCode: 401 });
    await t.db.query(`UPDATE boosts SET status = 'expired' WHERE post_id = $1`, [pd]);
  });

  it('answers 400 for a bad category, cursor or limit', async () => {
    expect((await t.agent().get('/api/posts/category/Nope').expect(400)).body.error).toBe(MESSAGES.post.categoryInvalid);
    expect((await t.agent().get('/api/posts?category=Nope').expect(400)).body.error).toBe(MESSAGES.post.categoryInvalid);
    for (const cursor of ['garbage', Buffer.from('["2024-01-01", 1]').toString('base64url'), Buffer.from('[1,2]').toString('base64url'), "'; DROP TABLE posts;--"]) {
      const res = await t.agent().get(`/api/posts?cursor=${encodeURIComponent(cursor)}`).expect(400);
      expect(res.body.error).toBe(MESSAGES.post.invalidCursor);
    }
    for (const limit of ['0', '-1', '101', 'abc', '2.5']) {
      expect((await t.agent().get(`/api/posts?limit=${limit}`).expect(400)).body.success).toBe(false);
    }
    expect((await t.agent().get('/api/posts?limit=100').expect(200)).body.items.length).toBeLessThanOrEqual(104);
    expect((await t.agent().get('/api/posts').expect(200)).body.items.length).toBeLessThanOrEqual(24);
  });

  it('serves a page in a fixed number of statements, whatever its size', async () => {
    const statements: string[] = [];
    const sql = t.app.get(SqlService);
    const original = sql.query.bind(sql);
    (sql as { query: unknown }).query = (text: string, values?: unknown[], options?: { prepare?: boolean }) => {
      // Not the feed's own: the session user lookup, the process-wide list of running suspensions
      // (read again when it has aged out, whichever request comes then) and the alert sync's timed sweep.
      const shared = text === SESSION_USER_SQL || text === RUNNING_SUSPENSIONS_SQL || new Error().stack?.includes('AlertSync');
      if (!shared) statements.push(text.replace(/\s+/g, ' ').slice(0, 60));
      return original(text, values, options);
    };
    /** The statements of one page read with nothing kept: the viewer's hide rule, the pinned boosts, the page and the viewer's flags. */
    const coldRead = async (limit: number) => {
      await t.app.get(InvalidationBus).publish({ all: true });
      statements.length = 0;
      await alice.agent.get(`/api/posts?limit=${limit}`).expect(200);
      return [...statements];
    };
    try {
      const large = await coldRead(50);
      expect(large.length).toBeGreaterThanOrEqual(1);
      expect(large.length).toBeLessThanOrEqual(4);
      expect(await coldRead(5)).toEqual(large);
    } finally {
      (sql as { query: unknown }).query = original;
    }
  });

  it('uses the feed indexes (EXPLAIN), with no sequential scan of posts', async () => {
    await analyze(t, 'posts');
    const plan = (path: string) =>
      plansOf(t, /WITH page AS MATERIALIZED/, async () => {
        await t.app.get(InvalidationBus).publish({ all: true }); // a cached first page would run no SQL
        await alice.agent.get(path).expect(200);
      });
    expect(await plan('/api/posts')).toMatch(/posts_feed/);
    expect(await plan('/api/posts/category/News')).toMatch(/posts_category_feed/);
    expect(await plan(`/api/posts?username=${alice.user.username}`)).toMatch(/posts_author/);
    expect(await plan('/api/posts?tab=following')).toMatch(/posts_author/);
  });
});
