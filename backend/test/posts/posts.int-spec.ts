import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { signUp, SignedIn } from '../support/app';
import { bigPngLike, bootWatched, countRows, eventually, tinyPng, uniquePng, WatchedApp } from '../support/harness';

const GIF = 'https://media.giphy.com/media/abc123/200.gif';
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe('posts: create, read, edit, delete', () => {
  let t: WatchedApp;
  let basic: SignedIn;

  const postRows = () => countRows(t, 'posts');
  const ago = (postId: number, minutes: number) =>
    t.db.query(`UPDATE posts SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [postId, minutes]);

  beforeAll(async () => {
    t = await bootWatched();
    basic = await signUp(t);
  });
  afterAll(async () => {
    expect(t.leaks).toEqual([]);
    await t?.close();
  });

  it('creates a text post (201) in the contract shape, trimmed, default category', async () => {
    const res = await basic.agent.post('/api/posts').send({ content: '  hello cloud  ' }).expect(201);
    const post = res.body as Post;
    expect(post).toEqual(
      expect.objectContaining({
        user_id: basic.user.id, username: basic.user.username, content: 'hello cloud', category: 'General',
        media_url: null, media_mime: null, gif_url: null, likes: 0, repliesCount: 0, repostsCount: 0, repost_count: 0,
        likedByMe: false, repostedByMe: false, isBoosted: false, isAdminBoosted: false, parent_id: null, editedAt: null,
        postUser: { name: null, thumbnail: null }, realname: null, thumbnail: null,
      }),
    );
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    const [row] = await t.db.query('SELECT content, user_id FROM posts WHERE id = $1', [post.id]);
    expect(row).toEqual({ content: 'hello cloud', user_id: basic.user.id });
    expect((await t.agent().get(`/api/posts/${post.id}`).expect(200)).body.id).toBe(post.id);
  });

  it('401 for every anonymous write, with nothing written', async () => {
    const before = await postRows();
    const anon = t.agent();
    const [{ id }] = await t.db.query('SELECT id FROM posts LIMIT 1');
    for (const res of [
      await anon.post('/api/posts').send({ content: 'x' }),
      await anon.post(`/api/posts/${id}/like`).send({}),
      await anon.post(`/api/posts/${id}/repost`).send({}),
      await anon.post(`/api/posts/${id}/reply`).send({ content: 'x' }),
      await anon.put(`/api/posts/${id}/edit`).send({ content: 'x' }),
      await anon.delete(`/api/posts/${id}`),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: MESSAGES.auth.notSignedIn, statusCode: 401 });
    }
    expect(await postRows()).toBe(before);
  });

  it.each([
    [5, 300],
    [6, 500],
    [7, 1000],
    [1, 3000],
    [3, 3000],
  ])('cuts content to the plan limit (group %i: %i characters, emoji counted as one)', async (groupId, limit) => {
    const user = groupId === 5 ? basic : await signUp(t, { groupId });
    const res = await user.agent.post('/api/posts').send({ content: '😀' + 'a'.repeat(limit + 50) }).expect(201);
    expect(Array.from(res.body.content as string)).toHaveLength(limit);
  });

  it('answers 400 with catalogue messages for bad input and writes nothing', async () => {
    const before = await postRows();
    const cases: [object, string][] = [
      [{}, MESSAGES.post.contentRequired],
      [{ content: '   \n ' }, MESSAGES.post.contentRequired],
      [{ content: 'x', category: 'Sports' }, MESSAGES.post.categoryInvalid],
      [{ content: 'x', gif: 'https://evil.example.com/a.gif' }, MESSAGES.post.gifInvalid],
      [{ content: 'x', gif: 'javascript:alert(1)' }, MESSAGES.post.gifInvalid],
      [{ content: 42 }, MESSAGES.http.badRequest],
    ];
    for (const [body, error] of cases) {
      const res = await basic.agent.post('/api/posts').send(body).expect(400);
      expect(res.body).toEqual({ success: false, error, statusCode: 400 });
    }
    expect(await postRows()).toBe(before);
  });

  it('403 when the body names another user; the same name is fine', async () => {
    const res = await basic.agent.post('/api/posts').send({ content: 'x', username: 'someone_else' }).expect(403);
    expect(res.body.error).toBe(MESSAGES.http.forbidden);
    await basic.agent.post('/api/posts').send({ content: 'mine', username: basic.user.username.toUpperCase() }).expect(201);
  });

  it('a GIF-only post stores the GIF placeholder; category is kept', async () => {
    const res = await basic.agent.post('/api/posts').send({ gif: GIF, category: 'Social Media' }).expect(201);
    expect(res.body).toEqual(expect.objectContaining({ gif_url: GIF, content: MESSAGES.post.gifPlaceholder, category: 'Social Media' }));
  });

  it('a multipart PNG post has media_url and media_mime image/png; media-only gets the placeholder', async () => {
    const res = await basic.agent.post('/api/posts').field('category', 'Travel').attach('file', tinyPng(), { filename: 'p.png', contentType: 'image/png' }).expect(201);
    const post = res.body as Post;
    expect(post.media_url).toMatch(/^\/uploads\/[^/]+\.png$/);
    expect(post.media_mime).toBe('image/png');
    expect(post.content).toBe(MESSAGES.post.mediaPlaceholder);
    expect(post.category).toBe('Travel');
    await t.request().get(post.media_url!).expect(200);
    const again = (await t.agent().get(`/api/posts/${post.id}`).expect(200)).body as Post;
    expect(again.media_mime).toBe('image/png');
  });

  it('file + gif is 400, HTML is 415, over-plan is 413: no post row and no file kept', async () => {
    const before = await postRows();
    const media = await countRows(t, 'media');
    const both = await basic.agent.post('/api/posts').field('content', 'x').field('gif', GIF).attach('file', tinyPng(), { filename: 'p.png', contentType: 'image/png' }).expect(400);
    expect(both.body.error).toBe(MESSAGES.post.oneFileOnly);
    const html = await basic.agent.post('/api/posts').field('content', 'x').attach('file', HTML, { filename: 'x.png', contentType: 'image/png' }).expect(415);
    expect(html.body.error).toBe(MESSAGES.http.unsupportedMedia);
    const big = await basic.agent.post('/api/posts').field('content', 'x').attach('file', bigPngLike(2.2 * 1024 * 1024), { filename: 'b.png', contentType: 'image/png' });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe(MESSAGES.http.tooLarge);
    expect(await postRows()).toBe(before);
    expect(await countRows(t, 'media')).toBe(media);
    const incoming = path.join(t.settings.uploadDir, '.incoming');
    expect(await eventually(async () => !existsSync(incoming) || (await import('node:fs/promises')).readdir(incoming).then((f) => f.length === 0))).toBe(true);
  });

  it('GET /api/posts/:id: 404 when missing, 400 for a non-number', async () => {
    expect((await t.agent().get('/api/posts/99999999').expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
    await t.agent().get('/api/posts/abc').expect(400);
    await t.agent().get('/api/posts/1.5').expect(400);
  });

  describe('edit', () => {
    it('Basic cannot edit (403), others cannot edit my post (403), blank is 400', async () => {
      const mine = (await basic.agent.post('/api/posts').send({ content: 'basic post' }).expect(201)).body as Post;
      expect((await basic.agent.put(`/api/posts/${mine.id}/edit`).send({ content: 'new' }).expect(403)).body.error).toBe(MESSAGES.post.planCannotEdit);
      const silver = await signUp(t, { groupId: 6 });
      expect((await silver.agent.put(`/api/posts/${mine.id}/edit`).send({ content: 'new' }).expect(403)).body.error).toBe(MESSAGES.post.onlyAuthorEdits);
      expect((await silver.agent.put(`/api/posts/${mine.id}/edit`).send({ content: '  ' }).expect(400)).body.error).toBe(MESSAGES.post.editEmpty);
      await silver.agent.put('/api/posts/99999999/edit').send({ content: 'x' }).expect(404);
      expect((await t.db.query('SELECT content FROM posts WHERE id = $1', [mine.id]))[0].content).toBe('basic post');
    });

    it('Silver edits within 30 minutes (history kept, edited_at set), not after; userId must match', async () => {
      const silver = await signUp(t, { groupId: 6 });
      const post = (await silver.agent.post('/api/posts').send({ content: 'first text' }).expect(201)).body as Post;
      await ago(post.id, 29);
      const res = await silver.agent.put(`/api/posts/${post.id}/edit`).send({ content: ' second text ', userId: silver.user.id }).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.post).toEqual(expect.objectContaining({ id: post.id, content: 'second text' }));
      expect(res.body.post.editedAt).not.toBeNull();
      expect(new Date(res.body.post.updatedAt).getTime()).toBeGreaterThan(new Date(post.updatedAt).getTime() - 1);
      await silver.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'third text' }).expect(200);
      const history = (await t.agent().get(`/api/posts/${post.id}/history`).expect(200)).body;
      expect(history.items.map((h: { content: string }) => h.content)).toEqual(['second text', 'first text']);
      expect((await silver.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'x', userId: silver.user.id + 1 }).expect(403)).body.error).toBe(MESSAGES.http.forbidden);
      await ago(post.id, 31);
      expect((await silver.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'late' }).expect(403)).body.error).toBe(MESSAGES.post.editWindowClosed);
      expect((await t.db.query('SELECT content FROM posts WHERE id = $1', [post.id]))[0].content).toBe('third text');
      expect(await countRows(t, 'post_edits', 'post_id = $1', [post.id])).toBe(2);
      await t.agent().get('/api/posts/99999999/history').expect(404);
    });

    it('content is cut to the plan limit; admin edits any time', async () => {
      const admin = await signUp(t, { groupId: 1 });
      const post = (await admin.agent.post('/api/posts').send({ content: 'admin post' }).expect(201)).body as Post;
      await ago(post.id, 60 * 24 * 400);
      const res = await admin.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'b'.repeat(3100) }).expect(200);
      expect(res.body.post.content).toHaveLength(3000);
      const gold = await signUp(t, { groupId: 7 });
      const gp = (await gold.agent.post('/api/posts').send({ content: 'gold' }).expect(201)).body as Post;
      expect((await gold.agent.put(`/api/posts/${gp.id}/edit`).send({ content: 'c'.repeat(1200) }).expect(200)).body.post.content).toHaveLength(1000);
    });
  });

  describe('delete', () => {
    it('the author, group 1 and group 2 may delete; group 3 and others may not', async () => {
      const author = await signUp(t);
      const make = async () => ((await author.agent.post('/api/posts').send({ content: 'to delete' }).expect(201)).body as Post).id;
      const other = await signUp(t);
      const staff3 = await signUp(t, { groupId: 3 });
      const p1 = await make();
      expect((await other.agent.delete(`/api/posts/${p1}`).expect(403)).body.error).toBe(MESSAGES.post.deleteNotAllowed);
      expect((await staff3.agent.delete(`/api/posts/${p1}`).expect(403)).body.error).toBe(MESSAGES.post.deleteNotAllowed);
      expect(await countRows(t, 'posts', 'id = $1', [p1])).toBe(1);
      expect((await author.agent.delete(`/api/posts/${p1}?username=someone&group_id=1`).expect(200)).body).toEqual({ success: true });
      expect(await countRows(t, 'posts', 'id = $1', [p1])).toBe(0);
      for (const groupId of [1, 2]) {
        const mod = await signUp(t, { groupId });
        const p = await make();
        await mod.agent.delete(`/api/posts/${p}`).expect(200);
        expect(await countRows(t, 'posts', 'id = $1', [p])).toBe(0);
      }
      expect((await author.agent.delete(`/api/posts/${p1}`).expect(404)).body.error).toBe(MESSAGES.post.notFoundOrDeleted);
      await author.agent.delete('/api/posts/abc').expect(400);
    });

    it('takes replies, likes, reposts, edits and files with it; deleting a reply lowers the parent count', async () => {
      const author = await signUp(t, { groupId: 6 });
      const fan = await signUp(t);
      const post = (await author.agent.post('/api/posts').field('content', 'with file').attach('file', uniquePng(), { filename: 'a.png', contentType: 'image/png' }).expect(201)).body as Post;
      const file = path.join(t.settings.uploadDir, post.media_url!.replace('/uploads/', ''));
      expect(existsSync(file)).toBe(true);
      const reply = (await fan.agent.post(`/api/posts/${post.id}/reply`).send({ content: 'nice' }).expect(201)).body as Post;
      const reply2 = (await author.agent.post(`/api/posts/${post.id}/reply`).send({ content: 'thanks' }).expect(201)).body as Post;
      await fan.agent.post(`/api/posts/${reply.id}/reply`).send({ content: 'nested' }).expect(201);
      await fan.agent.post(`/api/posts/${post.id}/like`).send({}).expect(200);
      await fan.agent.post(`/api/posts/${reply2.id}/like`).send({}).expect(200);
      await fan.agent.post(`/api/posts/${post.id}/repost`).send({}).expect(200);
      await author.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'edited' }).expect(200);

      await fan.agent.delete(`/api/posts/${reply.id}`).expect(200);
      expect((await t.db.query('SELECT replies_count FROM posts WHERE id = $1', [post.id]))[0].replies_count).toBe(1);

      await author.agent.delete(`/api/posts/${post.id}`).expect(200);
      expect(await countRows(t, 'posts', 'id = $1 OR parent_id = $1', [post.id])).toBe(0);
      expect(await countRows(t, 'likes', 'user_id = $1', [fan.user.id])).toBe(0);
      expect(await countRows(t, 'reposts', 'user_id = $1', [fan.user.id])).toBe(0);
      expect(await countRows(t, 'post_edits', 'post_id = $1', [post.id])).toBe(0);
      expect(await countRows(t, 'media', 'owner_id = $1', [author.user.id])).toBe(0);
      expect(existsSync(file)).toBe(false);
      await t.agent().get(`/api/posts/${post.id}`).expect(404);
    });
  });
});
