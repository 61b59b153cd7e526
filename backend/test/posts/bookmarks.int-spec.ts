import request from 'supertest';
import { MESSAGES, type Page, type Post, type PostThread } from '@cloud9/contracts';
import { InvalidationBus } from '../../src/common/cache/invalidation-bus';
import { analyze, bootApp, PASSWORD, signUp, signUpMany, type SignedIn, type TestApp } from '../support/app';
import { plansOf } from '../support/query-plans';
import { countRows, eventually, sessionCookieOf, BUS_LIVE_WAIT_MS, BUS_START_TIMEOUT_MS } from '../support/harness';

type Viewer = SignedIn & { cookie: string };

describe('bookmarks', () => {
  const prefix = `${process.env.REDIS_PREFIX}bookmarks:`;
  let a: TestApp;
  let b: TestApp;
  let author: Viewer;
  let saver: Viewer;
  let other: Viewer;

  const signedIn = async (): Promise<Viewer> => {
    const user = await signUp(a);
    const login = await request(a.app.getHttpServer()).post('/api/login').send({ username: user.user.username, password: PASSWORD }).expect(200);
    return { ...user, cookie: sessionCookieOf(login) };
  };
  const get = async <T>(t: TestApp, path: string, who?: Viewer): Promise<T> => {
    const req = request(t.app.getHttpServer()).get(path);
    if (who) void req.set('Cookie', who.cookie);
    return (await req.expect(200)).body as T;
  };
  const newPost = async (who: Viewer, content: string): Promise<number> => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const save = (who: Viewer, postId: unknown) => who.agent.post('/api/bookmarks').send({ postId });
  const unsave = (who: Viewer, postId: number | string) => who.agent.delete(`/api/bookmarks/${postId}`);
  const listAll = async (who: Viewer, limit = 100): Promise<number[]> => {
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<Post> = (await who.agent.get(`/api/bookmarks?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`).expect(200)).body;
      expect(page.items.every((p) => p.bookmarked)).toBe(true);
      ids.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  };
  const rows = (who: Viewer) => countRows(a, 'bookmarks', 'user_id = $1', [who.user.id]);

  beforeAll(async () => {
    a = await bootApp({ REDIS_PREFIX: prefix, FEED_CACHE_MS: '60000' });
    b = await bootApp({ REDIS_PREFIX: prefix, FEED_CACHE_MS: '60000' });
    // A precondition, not the behaviour under test: on a busy machine the second app's subscription takes a while.
    for (const t of [a, b]) expect(await eventually(async () => t.app.get(InvalidationBus).live, BUS_LIVE_WAIT_MS)).toBe(true);
    [author, saver, other] = [await signedIn(), await signedIn(), await signedIn()];
  }, BUS_START_TIMEOUT_MS);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('adds and removes idempotently: the same answer each time, one row at most, no alert or count for the author', async () => {
    const id = await newPost(author, 'worth keeping');
    const alertsBefore = await countRows(a, 'user_alerts', 'recipient_id = $1', [author.user.id]);
    const before = await get<Post>(a, `/api/posts/${id}`);
    for (let i = 0; i < 2; i++) {
      expect((await save(saver, id).expect(200)).body).toEqual({ success: true, bookmarked: true });
      expect(await rows(saver)).toBe(1);
    }
    expect((await saver.agent.get(`/api/posts/${id}`).expect(200)).body.bookmarked).toBe(true);
    // Nothing public moved: the post as others see it is the same, and the author heard nothing.
    expect(await get<Post>(a, `/api/posts/${id}`)).toEqual(before);
    expect(await countRows(a, 'user_alerts', 'recipient_id = $1', [author.user.id])).toBe(alertsBefore);
    for (let i = 0; i < 2; i++) {
      expect((await unsave(saver, id).expect(200)).body).toEqual({ success: true, bookmarked: false });
      expect(await rows(saver)).toBe(0);
    }
    expect((await saver.agent.get(`/api/posts/${id}`).expect(200)).body.bookmarked).toBe(false);
    // Removing a bookmark of a post that never existed is already done.
    expect((await unsave(saver, 99999999).expect(200)).body).toEqual({ success: true, bookmarked: false });
  });

  it('refuses a missing post (404) and a bad id (400) with catalogue messages, writing nothing', async () => {
    const before = await countRows(a, 'bookmarks');
    expect((await save(saver, 99999999).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    for (const bad of [0, -1, 1.5, 'abc', null, { id: 1 }, [1], '']) {
      expect((await save(saver, bad).expect(400)).body.error).toBe(MESSAGES.bookmarks.invalidPostId);
    }
    expect((await saver.agent.post('/api/bookmarks').send({}).expect(400)).body.error).toBe(MESSAGES.bookmarks.invalidPostId);
    for (const bad of ['abc', '0', '-1', '1.5']) expect((await unsave(saver, bad).expect(400)).body.error).toBe(MESSAGES.http.invalidId);
    expect((await saver.agent.get('/api/bookmarks?cursor=nope').expect(400)).body.error).toBe(MESSAGES.post.invalidCursor);
    expect(await countRows(a, 'bookmarks')).toBe(before);
  });

  it('is private: signed out gets 401, another member sees neither the list nor the flag, and a body naming someone else still acts for the caller', async () => {
    const id = await newPost(author, 'secret favourite');
    await save(saver, id).expect(200);
    expect((await request(a.app.getHttpServer()).get('/api/bookmarks').expect(401)).body.error).toBe(MESSAGES.auth.notSignedIn);
    await request(a.app.getHttpServer()).post('/api/bookmarks').send({ postId: id }).expect(401);
    await request(a.app.getHttpServer()).delete(`/api/bookmarks/${id}`).expect(401);
    expect(await listAll(other)).not.toContain(id);
    expect(await listAll(author)).not.toContain(id);
    expect((await other.agent.get(`/api/posts/${id}`).expect(200)).body.bookmarked).toBe(false);
    expect((await author.agent.get(`/api/posts/${id}`).expect(200)).body.bookmarked).toBe(false);
    expect((await t0(id)).bookmarked).toBe(false);
    // The owner comes from the session only: a body naming someone else saves for the caller.
    const savers = () => a.db.query(`SELECT user_id FROM bookmarks WHERE post_id = $1 ORDER BY user_id`, [id]);
    await other.agent.post('/api/bookmarks').send({ postId: id, userId: saver.user.id, username: saver.user.username }).expect(200);
    expect(await savers()).toEqual([saver.user.id, other.user.id].sort((x, y) => x - y).map((user_id) => ({ user_id })));
    // Another member's DELETE removes only their own bookmark.
    await unsave(other, id).expect(200);
    expect(await savers()).toEqual([{ user_id: saver.user.id }]);
    expect(await listAll(saver)).toContain(id);
  });
  const t0 = async (id: number) => get<Post>(a, `/api/posts/${id}`);

  it('lists newest bookmark first, keyset-paged exactly, ties in time broken by post id', async () => {
    const reader = await signedIn();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await newPost(author, `saved ${i}`));
    // Saved in an order unlike the posts' own: 2, 0, 4, then 1 and 3 in one statement (one created_at).
    for (const i of [2, 0, 4]) await save(reader, ids[i]).expect(200);
    await a.db.query(`INSERT INTO bookmarks (user_id, post_id) SELECT $1, unnest($2::bigint[])`, [reader.user.id, [ids[1], ids[3]]]);
    const expected = [Math.max(ids[1], ids[3]), Math.min(ids[1], ids[3]), ids[4], ids[0], ids[2]];
    for (const limit of [1, 2, 3, 100]) expect(await listAll(reader, limit)).toEqual(expected);
    // Replies come with their originals, as in every list.
    const replyId = ((await author.agent.post(`/api/posts/${ids[0]}/reply`).send({ content: 'a reply' }).expect(201)).body as Post).id;
    await save(reader, replyId).expect(200);
    const first: Page<Post> = (await reader.agent.get('/api/bookmarks?limit=1').expect(200)).body;
    expect(first.items[0]).toEqual(expect.objectContaining({ id: replyId, bookmarked: true }));
    expect(first.items[0].originalPost).toEqual(expect.objectContaining({ id: ids[0], bookmarked: true }));
    // Unsaving takes it out of the list at once.
    await unsave(reader, ids[4]).expect(200);
    expect(await listAll(reader, 2)).toEqual([replyId, ...expected.filter((id) => id !== ids[4])]);
  });

  it('reads the list from bookmarks_user_recent (EXPLAIN)', async () => {
    await analyze(a, 'bookmarks');
    const plan = await plansOf(a, /FROM bookmarks x/, () => saver.agent.get('/api/bookmarks?limit=5').expect(200), ['enable_sort']);
    expect(plan).toMatch(/bookmarks_user_recent/);
  });

  it('leaves one row when one member saves the same post many times at once, and counts each member once', async () => {
    const id = await newPost(author, 'saved at once');
    const answers = await Promise.all(Array.from({ length: 20 }, () => save(saver, id)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await countRows(a, 'bookmarks', 'post_id = $1', [id])).toBe(1);
    const many = await signUpMany(a, 12);
    await Promise.all(many.flatMap((m) => [m.agent.post('/api/bookmarks').send({ postId: id }), m.agent.post('/api/bookmarks').send({ postId: id })]));
    expect(await countRows(a, 'bookmarks', 'post_id = $1', [id])).toBe(13);
    await Promise.all(Array.from({ length: 10 }, () => unsave(saver, id)));
    expect(await countRows(a, 'bookmarks', 'post_id = $1 AND user_id = $2', [id, saver.user.id])).toBe(0);
  });

  it('a deleted post leaves everyone\'s bookmarks, replies under it too', async () => {
    const id = await newPost(author, 'about to go');
    const replyId = ((await other.agent.post(`/api/posts/${id}/reply`).send({ content: 'goes too' }).expect(201)).body as Post).id;
    await save(saver, id).expect(200);
    await save(other, id).expect(200);
    await save(saver, replyId).expect(200);
    await author.agent.delete(`/api/posts/${id}`).expect(200);
    expect(await countRows(a, 'bookmarks', 'post_id = ANY($1::bigint[])', [[id, replyId]])).toBe(0);
    expect(await listAll(saver)).not.toContain(id);
    expect(await listAll(other)).not.toContain(id);
  });

  describe('the bookmarked flag on every list of posts, per viewer', () => {
    const lists = (id: number, word: string, signedIn = true) => [
      '/api/posts?limit=50',
      '/api/posts/category/General?limit=50',
      ...(signedIn ? ['/api/posts?tab=following&limit=50'] : []),
      `/api/search/posts?query=${word}&limit=50`,
      `/api/users/${author.user.username}/liked-posts?limit=50`,
      `/api/posts/${id}/replies?limit=50`,
    ];
    const flagIn = (page: Page<Post>, id: number) => {
      const post = page.items.find((p) => p.id === id) ?? page.items.find((p) => p.originalPost?.id === id)?.originalPost;
      return post?.bookmarked;
    };
    const flags = async (t: TestApp, id: number, word: string, who?: Viewer) => {
      const out: Record<string, boolean | undefined> = {};
      for (const path of lists(id, word, who !== undefined)) out[path] = flagIn(await get<Page<Post>>(t, path, who), id);
      out.thread = (await get<PostThread>(t, `/api/posts/${id}/thread`, who)).post.bookmarked;
      return out;
    };
    const all = (id: number, word: string, value: boolean, signedIn = true) => {
      const out: Record<string, boolean> = {};
      for (const path of lists(id, word, signedIn)) out[path] = value;
      out.thread = value;
      return out;
    };

    it('follows the viewer\'s own bookmark on the cached shared pages of both instances, and never shows it to others', async () => {
      const word = `zephyr${Date.now()}`;
      await saver.agent.post('/api/follow').send({ followerId: saver.user.id, followedId: author.user.id }).expect(200);
      await other.agent.post('/api/follow').send({ followerId: other.user.id, followedId: author.user.id }).expect(200);
      const id = await newPost(author, `cached ${word}`);
      await author.agent.post(`/api/posts/${id}/like`).send({}).expect(200); // in the author's liked list
      await other.agent.post(`/api/posts/${id}/reply`).send({ content: 'a reply, so the post is an original in the replies list' }).expect(201);
      // Every page warmed on both instances, for each viewer and signed out.
      for (const t of [a, b]) for (const who of [saver, other, undefined]) expect(await flags(t, id, word, who)).toEqual(all(id, word, false, who !== undefined));

      await save(saver, id).expect(200);
      expect(await flags(a, id, word, saver)).toEqual(all(id, word, true));
      expect(await eventually(async () => JSON.stringify(await flags(b, id, word, saver)) === JSON.stringify(all(id, word, true)), 5000)).toBe(true);
      for (const t of [a, b]) {
        expect(await flags(t, id, word, other)).toEqual(all(id, word, false));
        expect(await flags(t, id, word)).toEqual(all(id, word, false, false));
      }

      await unsave(saver, id).expect(200);
      expect(await flags(a, id, word, saver)).toEqual(all(id, word, false));
      expect(await eventually(async () => JSON.stringify(await flags(b, id, word, saver)) === JSON.stringify(all(id, word, false)), 5000)).toBe(true);
    });
  });
});
