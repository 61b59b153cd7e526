import { randomBytes } from 'node:crypto';
import type { Page, Post } from '@cloud9/contracts';
import { InvalidationBus } from '../../src/common/cache/invalidation-bus';
import { analyze, bootApp, signUp, type SignedIn, type TestApp } from '../support/app';
import { plansOf } from '../support/query-plans';

const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;
const SCAN = 100;

/**
 * A viewer's filters never turn a page into a scan of the table: a keyset walk whose rows are judged
 * after the index (the hide rule, a search-box text, the following feed) examines at most
 * FEED_SCAN_LIMIT rows and answers what it found with a cursor to go on from. Following the cursors
 * still gives every post the viewer sees, once, in order.
 */
describe('feeds with filters examine at most FEED_SCAN_LIMIT rows a page', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp({ FEED_SCAN_LIMIT: String(SCAN) });
  });
  afterAll(() => t?.close());

  /** Posts written straight into the table, `ageSeconds` old each (n-th one n ms younger). */
  async function seed(author: SignedIn, contents: string[], ageSeconds: number): Promise<number[]> {
    const rows: { id: string }[] = await t.db.query(
      `INSERT INTO posts (user_id, content, created_at, updated_at)
       SELECT $1, c, now() - make_interval(secs => $3) + n * interval '1 millisecond', now() FROM unnest($2::text[]) WITH ORDINALITY x(c, n)
       RETURNING id`,
      [author.user.id, contents, ageSeconds],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Every page of a list for `who`, with how many came back short while a cursor went on. */
  async function walk(who: SignedIn, query: Record<string, unknown>, limit: number): Promise<{ ids: number[]; shortWithCursor: number; pages: number }> {
    const ids: number[] = [];
    let shortWithCursor = 0;
    let cursor: string | null = null;
    for (let pages = 1; pages <= 400; pages++) {
      const page: Page<Post> = (await who.agent.get('/api/posts').query({ ...query, limit, ...(cursor ? { cursor } : {}) }).expect(200)).body;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      if (!cursor) return { ids, shortWithCursor, pages };
      if (page.items.length < limit) shortWithCursor += 1;
    }
    throw new Error('paging did not end');
  }

  it('a search-box text under a hide rule that leaves out most rows: short pages with cursors, every visible post once', async () => {
    const [author, viewer] = [await signUp(t), await signUp(t)];
    const word = unique('scan');
    const muted = unique('mute');
    const visible = await seed(author, [1, 2, 3, 4, 5].map((n) => `visible ${word} ${n}`), 3600);
    await seed(author, Array.from({ length: 3 * SCAN }, (_, n) => `${word} ${muted} ${n}`), 60);
    await viewer.agent.post('/api/muted-words').send({ word: muted }).expect(201);

    const { ids, shortWithCursor } = await walk(viewer, { search: word }, 5);
    expect(ids).toEqual([...visible].reverse());
    // The 300 newer muted posts fill at least three walks of 100 rows: those pages answer early.
    expect(shortWithCursor).toBeGreaterThanOrEqual(3);
  });

  it('the following feed: an author whose posts are all hidden does not make the page read on through them', async () => {
    const [loud, quiet, viewer] = [await signUp(t), await signUp(t), await signUp(t)];
    const muted = unique('mute');
    for (const followed of [loud, quiet]) {
      await viewer.agent.post('/api/follow').send({ followerId: viewer.user.id, followedId: followed.user.id }).expect(200);
    }
    const older = await seed(quiet, ['quiet one', 'quiet two', 'quiet three'], 7200);
    await seed(loud, Array.from({ length: 30 }, (_, n) => `${muted} loud ${n}`), 60);
    await viewer.agent.post('/api/muted-words').send({ word: muted }).expect(201);

    const { ids, shortWithCursor } = await walk(viewer, { tab: 'following' }, 5);
    expect(ids).toEqual([...older].reverse());
    expect(shortWithCursor).toBeGreaterThanOrEqual(1);
  });

  it('the search box matches 1–2 characters as whole words only, 3 or more also inside words', async () => {
    const author = await signUp(t);
    const viewer = await signUp(t);
    const [inside, whole] = await seed(author, [`xqaz ${unique('w')}`, `the qa team ${unique('w')}`], 30);
    const found = async (search: string) => (await walk(viewer, { username: author.user.username, search }, 20)).ids;
    expect(await found('qa')).toEqual([whole]);
    expect(await found('q')).toEqual([]);
    expect(await found('xqa')).toEqual([inside]);
  });

  it('a bounded walk still walks the feed indexes (EXPLAIN), with no sequential scan of posts', async () => {
    const viewer = await signUp(t);
    await viewer.agent.post('/api/muted-words').send({ word: unique('mute') }).expect(201);
    await analyze(t, 'posts');
    const plan = (path: string) =>
      plansOf(t, /WITH page AS MATERIALIZED/, async () => {
        await t.app.get(InvalidationBus).publish({ all: true }); // a cached first page would run no SQL
        await viewer.agent.get(path).expect(200);
      });
    for (const [path, index] of [
      ['/api/posts', /posts_feed/],
      ['/api/posts?search=ab', /posts_feed/],
      ['/api/posts/category/News', /posts_category_feed/],
    ] as const) {
      const text = await plan(path);
      expect(text).toMatch(/scan_end|One-Time Filter/);
      expect(text).toMatch(index);
      expect(text).not.toMatch(/Seq Scan on posts /);
    }
  });
});
