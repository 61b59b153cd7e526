import { MESSAGES, type Page, type Post, type PostCounts } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, signUpMany, TestApp } from '../support/app';

describe('likes, reposts, replies and profile lists', () => {
  let t: TestApp;
  let author: SignedIn;

  const newPost = async (who: SignedIn, content = 'a post') => ((await who.agent.post('/api/posts').send({ content }).expect(201)).body as Post).id;
  const counters = async (id: number) =>
    (await t.db.query(
      `SELECT likes_count, reposts_count, replies_count, updated_at,
              (SELECT count(*)::int FROM likes WHERE post_id = $1) AS like_rows,
              (SELECT count(*)::int FROM reposts WHERE post_id = $1) AS repost_rows,
              (SELECT count(*)::int FROM posts WHERE parent_id = $1) AS reply_rows
         FROM posts WHERE id = $1`,
      [id],
    ))[0];

  /** Many signed-in users fast: rows copied from one registered user's password hash, then parallel logins. */

  beforeAll(async () => {
    t = await bootApp();
    author = await signUp(t);
  });
  afterAll(() => t?.close());

  it('like and repost toggle, answer the new count, and leave updated_at alone', async () => {
    const id = await newPost(author);
    const before = await counters(id);
    const fan = await signUp(t);
    expect((await fan.agent.post(`/api/posts/${id}/like`).send({ username: fan.user.username }).expect(200)).body).toEqual({ success: true, liked: true, likes: 1 });
    expect((await fan.agent.get(`/api/posts/${id}`).expect(200)).body.likedByMe).toBe(true);
    expect((await t.agent().get(`/api/posts/${id}`).expect(200)).body.likedByMe).toBe(false);
    expect((await fan.agent.post(`/api/posts/${id}/like`).send({}).expect(200)).body).toEqual({ success: true, liked: false, likes: 0 });
    expect((await fan.agent.post(`/api/posts/${id}/repost`).send({}).expect(200)).body).toEqual({ success: true, reposted: true, reposts: 1 });
    expect((await fan.agent.get(`/api/posts/${id}`).expect(200)).body).toEqual(expect.objectContaining({ repostedByMe: true, repostsCount: 1, repost_count: 1 }));
    expect((await t.agent().get(`/api/reposts/count/${id}`).expect(200)).body).toEqual({ count: 1 });
    const after = await counters(id);
    expect(after.updated_at.toISOString()).toBe(before.updated_at.toISOString());
    expect((await fan.agent.post(`/api/posts/${id}/like`).send({ username: 'not_me' }).expect(403)).body.error).toBe(MESSAGES.http.forbidden);
    expect(await counters(id)).toEqual(expect.objectContaining({ likes_count: 0, like_rows: 0 }));
    await fan.agent.post('/api/posts/99999999/like').send({}).expect(404);
    await fan.agent.post('/api/posts/99999999/repost').send({}).expect(404);
    await fan.agent.post('/api/posts/abc/like').send({}).expect(400);
    await t.agent().get('/api/reposts/count/99999999').expect(404);
  });

  it('counters never drift: 30 users like at once, then all unlike at once', async () => {
    const id = await newPost(author);
    const fans = await signUpMany(t, 30);
    const liked = await Promise.all(fans.map((f) => f.agent.post(`/api/posts/${id}/like`).send({})));
    expect(liked.map((r) => [r.status, r.body.liked])).toEqual(fans.map(() => [200, true]));
    expect(new Set(liked.map((r) => r.body.likes)).size).toBe(30); // each saw its own increment
    expect(await counters(id)).toEqual(expect.objectContaining({ likes_count: 30, like_rows: 30 }));
    const reposted = await Promise.all(fans.map((f) => f.agent.post(`/api/posts/${id}/repost`).send({})));
    expect(reposted.every((r) => r.status === 200)).toBe(true);
    expect(await counters(id)).toEqual(expect.objectContaining({ reposts_count: 30, repost_rows: 30 }));
    await Promise.all(fans.map((f) => f.agent.post(`/api/posts/${id}/like`).send({}).expect(200)));
    await Promise.all(fans.map((f) => f.agent.post(`/api/posts/${id}/repost`).send({}).expect(200)));
    expect(await counters(id)).toEqual(expect.objectContaining({ likes_count: 0, like_rows: 0, reposts_count: 0, repost_rows: 0 }));
  });

  it('20 parallel toggles by one user end consistent', async () => {
    const id = await newPost(author);
    const fan = await signUp(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => fan.agent.post(`/api/posts/${id}/like`).send({})));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const c = await counters(id);
    expect(c.likes_count).toBe(c.like_rows);
    expect([0, 1]).toContain(c.like_rows);
    const reposts = await Promise.all(Array.from({ length: 20 }, () => fan.agent.post(`/api/posts/${id}/repost`).send({})));
    expect(reposts.every((r) => r.status === 200)).toBe(true);
    const r = await counters(id);
    expect(r.reposts_count).toBe(r.repost_rows);
  });

  it('replies: 201 with originalPost, clamped, counted; blank is 400 and a missing parent 404, writing nothing', async () => {
    const id = await newPost(author, 'parent text');
    const fan = await signUp(t);
    const res = await fan.agent.post(`/api/posts/${id}/reply`).send({ content: `  ${'r'.repeat(400)}  ` }).expect(201);
    expect(res.body).toEqual(expect.objectContaining({ parent_id: id, username: fan.user.username }));
    expect(res.body.content).toHaveLength(300);
    expect(res.body.originalPost).toEqual(expect.objectContaining({ id, content: 'parent text' }));
    await Promise.all(Array.from({ length: 10 }, (_, i) => fan.agent.post(`/api/posts/${id}/reply`).send({ content: `r${i}` }).expect(201)));
    expect(await counters(id)).toEqual(expect.objectContaining({ replies_count: 11, reply_rows: 11 }));
    expect((await t.agent().get(`/api/posts/${id}`).expect(200)).body.repliesCount).toBe(11);
    const rows = await t.db.query('SELECT count(*)::int AS n FROM posts');
    expect((await fan.agent.post(`/api/posts/${id}/reply`).send({ content: '   ' }).expect(400)).body.error).toBe(MESSAGES.post.replyEmpty);
    expect((await fan.agent.post(`/api/posts/${id}/reply`).send({}).expect(400)).body.error).toBe(MESSAGES.post.replyEmpty);
    expect((await fan.agent.post('/api/posts/99999999/reply').send({ content: 'x' }).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    await fan.agent.post(`/api/posts/${id}/reply`).send({ content: 'x', username: 'not_me' }).expect(403);
    expect(await t.db.query('SELECT count(*)::int AS n FROM posts')).toEqual(rows);
    expect((await counters(id)).replies_count).toBe(11);

    // Replies list: oldest first, keyset-paged, each with its original; replies stay out of home feeds.
    const seen: Post[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<Post> = (await t.agent().get(`/api/posts/${id}/replies?limit=4${cursor ? `&cursor=${cursor}` : ''}`).expect(200)).body;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const expected = (await t.db.query('SELECT id FROM posts WHERE parent_id = $1 ORDER BY created_at, id', [id])).map((r: { id: number }) => r.id);
    expect(seen.map((p) => p.id)).toEqual(expected);
    expect(seen.every((p) => p.originalPost?.id === id)).toBe(true);
    const single = (await t.agent().get(`/api/posts/${res.body.id}`).expect(200)).body as Post;
    expect(single.originalPost?.id).toBe(id);
    const feed = (await t.agent().get(`/api/posts?username=${fan.user.username}`).expect(200)).body as Page<Post>;
    expect(feed.items).toEqual([]);
    await t.agent().get('/api/posts/99999999/replies').expect(404);
  });

  it('profile lists and counts: replies, liked posts, reposts, media', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const a = await newPost(other, 'first');
    const b = await newPost(other, 'second');
    const own = await newPost(me, 'own');
    const gif = ((await me.agent.post('/api/posts').send({ gif: 'https://media.giphy.com/media/x/200.gif' }).expect(201)).body as Post).id;
    await me.agent.post(`/api/posts/${a}/like`).send({}).expect(200);
    await me.agent.post(`/api/posts/${b}/like`).send({}).expect(200);
    await me.agent.post(`/api/posts/${b}/repost`).send({}).expect(200);
    const reply = ((await me.agent.post(`/api/posts/${a}/reply`).send({ content: 'my reply' }).expect(201)).body as Post).id;
    await me.agent.post(`/api/posts/${reply}/like`).send({}).expect(200);

    const get = async (what: string) => (await t.agent().get(`/api/users/${me.user.username}/${what}`).expect(200)).body;
    expect((await get('liked-posts')).items.map((p: Post) => p.id)).toEqual([reply, b, a]);
    expect((await get('liked-posts')).items[0].originalPost.id).toBe(a);
    expect((await get('reposts')).items.map((p: Post) => p.id)).toEqual([b]);
    const replies = await get('replies');
    expect(replies.items.map((p: Post) => p.id)).toEqual([reply]);
    expect(replies.items[0].originalPost).toEqual(expect.objectContaining({ id: a, content: 'first' }));
    expect((await get('media')).items.map((p: Post) => p.id)).toEqual([gif]);
    expect((await get('counts')) as PostCounts).toEqual({ posts: 2, likes: 3, replies: 1, reposts: 1, media: 1 });
    expect((await me.agent.get(`/api/users/${me.user.username}/liked-posts`).expect(200)).body.items.every((p: Post) => p.likedByMe)).toBe(true);
    expect(own).toBeGreaterThan(0);

    const paged = (await t.agent().get(`/api/users/${me.user.username}/liked-posts?limit=2`).expect(200)).body as Page<Post>;
    expect(paged.items.map((p) => p.id)).toEqual([reply, b]);
    const next = (await t.agent().get(`/api/users/${me.user.username}/liked-posts?limit=2&cursor=${paged.nextCursor}`).expect(200)).body as Page<Post>;
    expect(next).toEqual(expect.objectContaining({ nextCursor: null }));
    expect(next.items.map((p) => p.id)).toEqual([a]);

    for (const what of ['replies', 'liked-posts', 'reposts', 'media', 'counts']) {
      const res = await t.agent().get(`/api/users/no_such_user_zz/${what}`).expect(404);
      expect(res.body.error).toBe(MESSAGES.profile.userNotFound);
    }
    await t.agent().get(`/api/users/${me.user.username}/replies?cursor=bad`).expect(400);
  });
});
