import { MESSAGES, THREAD, type Page, type Post, type PostThread } from '@cloud9/contracts';
import { analyze, bootApp, signUp, SignedIn, TestApp } from '../support/app';
import { plansOf } from '../support/query-plans';

describe('GET /api/posts/:id/thread', () => {
  let t: TestApp;
  let author: SignedIn;
  let fan: SignedIn;

  const newPost = async (who: SignedIn, content: string) => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const reply = async (who: SignedIn, parentId: number, content: string) =>
    ((await who.agent.post(`/api/posts/${parentId}/reply`).send({ content }).expect(201)).body as Post).id;
  /** A chain of `n` replies under `rootId`, written straight to the table (each one the next one's parent). */
  const chainUnder = async (rootId: number, n: number): Promise<number[]> => {
    const ids: number[] = [];
    let parent = rootId;
    for (let i = 0; i < n; i++) {
      const [{ id }] = await t.db.query(
        `INSERT INTO posts (user_id, parent_id, content, category) VALUES ($1, $2, $3, 'General') RETURNING id`,
        [author.user.id, parent, `level ${i + 1}`],
      );
      ids.push(id);
      parent = id;
    }
    return ids;
  };

  beforeAll(async () => {
    t = await bootApp();
    [author, fan] = [await signUp(t), await signUp(t)];
  });
  afterAll(() => t?.close());

  it('answers the ancestors root first, the post with its original, and its replies, each with the viewer\'s flags', async () => {
    const root = await newPost(author, 'the root');
    const mid = await reply(fan, root, 'the middle');
    const leaf = await reply(author, mid, 'the leaf');
    const under = await reply(fan, leaf, 'under the leaf');
    await fan.agent.post(`/api/posts/${root}/like`).send({}).expect(200);
    await fan.agent.post('/api/bookmarks').send({ postId: mid }).expect(200);

    const seen = (await fan.agent.get(`/api/posts/${leaf}/thread`).expect(200)).body as PostThread;
    expect(Object.keys(seen).sort()).toEqual(['ancestors', 'post', 'replies']);
    expect(seen.ancestors.map((p) => [p.id, p.content])).toEqual([[root, 'the root'], [mid, 'the middle']]);
    expect(seen.ancestors.map((p) => [p.likedByMe, p.bookmarked])).toEqual([[true, false], [false, true]]);
    expect(seen.post).toEqual(expect.objectContaining({ id: leaf, content: 'the leaf', parent_id: mid, repliesCount: 1, likedByMe: false, bookmarked: false }));
    expect(seen.post.originalPost?.id).toBe(mid);
    expect(seen.replies.items.map((p) => [p.id, p.originalPost?.id])).toEqual([[under, leaf]]);
    expect(seen.replies.nextCursor).toBeNull();
    // The post as the single-post endpoint gives it: same fields, same flags.
    expect(seen.post).toEqual((await fan.agent.get(`/api/posts/${leaf}`).expect(200)).body);

    // Signed out: public, every flag false.
    const anon = (await t.agent().get(`/api/posts/${leaf}/thread`).expect(200)).body as PostThread;
    expect(anon.ancestors.map((p) => p.id)).toEqual([root, mid]);
    expect([...anon.ancestors, anon.post].every((p) => !p.likedByMe && !p.bookmarked && !p.repostedByMe)).toBe(true);

    const top = (await t.agent().get(`/api/posts/${root}/thread`).expect(200)).body as PostThread;
    expect(top.ancestors).toEqual([]);
    expect(top.post.id).toBe(root);
    expect(top.post).not.toHaveProperty('originalPost');
    expect(top.replies.items.map((p) => p.id)).toEqual([mid]);
  });

  it(`walks at most ${THREAD.ancestorsMax} ancestors, the nearest ones, so a cut chain starts below its root`, async () => {
    const root = await newPost(author, 'deep root');
    const chain = await chainUnder(root, THREAD.ancestorsMax + 5);
    const deepest = chain[chain.length - 1];
    const body = (await t.agent().get(`/api/posts/${deepest}/thread`).expect(200)).body as PostThread;
    expect(body.ancestors).toHaveLength(THREAD.ancestorsMax);
    expect(body.ancestors.map((p) => p.id)).toEqual(chain.slice(-THREAD.ancestorsMax - 1, -1));
    expect(body.ancestors[0].parent_id).toBe(chain[chain.length - THREAD.ancestorsMax - 2]);
    // Exactly at the cap the root is still there.
    const atCap = chain[THREAD.ancestorsMax - 1];
    const full = (await t.agent().get(`/api/posts/${atCap}/thread`).expect(200)).body as PostThread;
    expect(full.ancestors).toHaveLength(THREAD.ancestorsMax);
    expect(full.ancestors[0]).toEqual(expect.objectContaining({ id: root, parent_id: null }));
  });

  it('pages the replies oldest first, exactly, with the replies endpoint\'s cursor in both directions', async () => {
    const root = await newPost(author, 'many replies');
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await reply(fan, root, `reply ${i}`));
    // Two replies in one transaction share created_at: the id breaks the tie.
    const [{ a, b }] = await t.db.query(
      `WITH x AS (INSERT INTO posts (user_id, parent_id, content, category)
                  SELECT $1, $2, 'same time ' || g, 'General' FROM generate_series(1, 2) g RETURNING id)
       SELECT min(id)::int AS a, max(id)::int AS b FROM x`,
      [fan.user.id, root],
    );
    ids.push(a, b);

    const seen: number[] = [];
    const body = (await fan.agent.get(`/api/posts/${root}/thread?limit=4`).expect(200)).body as PostThread;
    seen.push(...body.replies.items.map((p) => p.id));
    let cursor = body.replies.nextCursor;
    let viaThread = true;
    while (cursor) {
      // Alternate: the thread with ?cursor=, then the replies endpoint, with the same cursor format.
      viaThread = !viaThread;
      const page: Page<Post> = viaThread
        ? ((await fan.agent.get(`/api/posts/${root}/thread?limit=4&cursor=${cursor}`).expect(200)).body as PostThread).replies
        : (await fan.agent.get(`/api/posts/${root}/replies?limit=4&cursor=${cursor}`).expect(200)).body;
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(ids);
    const all = (await fan.agent.get(`/api/posts/${root}/replies?limit=100`).expect(200)).body as Page<Post>;
    expect(all.items.map((p) => p.id)).toEqual(ids);
  });

  it('walks the chain on the primary key and the replies on posts_replies (EXPLAIN)', async () => {
    const root = await newPost(author, 'planned');
    const leaf = await reply(fan, root, 'planned reply');
    await analyze(t, 'posts');
    const chain = await plansOf(t, /WITH RECURSIVE chain/, () => t.agent().get(`/api/posts/${leaf}/thread`).expect(200));
    expect(chain).toMatch(/posts_pkey/);
    expect(chain).not.toMatch(/Seq Scan on posts/);
    expect(await plansOf(t, /p\.parent_id = /, () => t.agent().get(`/api/posts/${root}/thread`).expect(200))).toMatch(/posts_replies/);
  });

  it('404s a missing or deleted post and 400s a bad id or cursor, with catalogue messages', async () => {
    const gone = await newPost(author, 'soon gone');
    const child = await reply(fan, gone, 'goes with it');
    await author.agent.delete(`/api/posts/${gone}`).expect(200);
    for (const id of [gone, child, 99999999]) {
      expect((await t.agent().get(`/api/posts/${id}/thread`).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    }
    for (const bad of ['abc', '0', '-1', '1.5', '012', '99999999999999999999']) {
      expect((await t.agent().get(`/api/posts/${bad}/thread`).expect(400)).body.error).toBe(MESSAGES.http.invalidId);
    }
    const root = await newPost(author, 'cursor check');
    expect((await t.agent().get(`/api/posts/${root}/thread?cursor=nope`).expect(400)).body.error).toBe(MESSAGES.post.invalidCursor);
    expect((await t.agent().get(`/api/posts/${root}/thread?limit=0`).expect(400)).body.error).toBe(MESSAGES.http.badRequest);
  });
});
