import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ALT_TEXT, ALT_TEXT_MESSAGES, MESSAGES, type Page, type Post } from '@cloud9/contracts';
import { bootApp, signUp, type SignedIn, type TestApp } from '../support/app';
import { gradientImage } from '../support/images';
import { eventually, filesUnder } from '../support/harness';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/media', name));
const GIPHY_GIF = 'https://media.giphy.com/media/abc123/giphy.gif';
/** A variant is written later by the media job: not something a request leaves behind. */
const isVariant = (file: string) => /\.w\d+\.webp$/.test(file);

/**
 * A post's description (alt text) of its uploaded image or video: sent as `alt` (multipart part or
 * JSON field), stored normalised on the post, limited in code points, refused without something to
 * describe (nothing written then), editable, and on the wire of every read of posts.
 */
describe('alt text of uploaded images and videos', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  /** Distinct images, so no two uploads share a file. */
  let images: Buffer[] = [];

  const postImage = (who: SignedIn, fields: Record<string, string>, to = '/api/posts') => {
    let req = who.agent.post(to);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return req.attach('file', images.pop()!, { filename: 'cloud.png', contentType: 'image/png' });
  };
  /** What a refused request could leave: files (the temp folder included), media rows, posts, reply counts. */
  const state = async (who: SignedIn) => ({
    files: (await filesUnder(t.settings.uploadDir)).filter((f) => !isVariant(f)),
    media: (await t.db.query(`SELECT count(*)::int AS n FROM media WHERE owner_id = $1`, [who.user.id]))[0].n as number,
    posts: (await t.db.query(`SELECT count(*)::int AS n FROM posts WHERE user_id = $1`, [who.user.id]))[0].n as number,
    repliesOnAlice: (await t.db.query(`SELECT coalesce(sum(replies_count), 0)::int AS n FROM posts WHERE user_id = $1`, [alice.user.id]))[0].n as number,
  });
  /** The request is refused with `message` and leaves exactly what there was. */
  const refusedCleanly = async (who: SignedIn, send: () => Promise<{ status: number; body: { error?: string } }>, status: number, message: string) => {
    const before = await state(who);
    const res = await send();
    expect([res.status, res.body.error]).toEqual([status, message]);
    expect(await eventually(async () => JSON.stringify(await state(who)) === JSON.stringify(before), 5000)).toBe(true);
  };
  const storedAlt = async (id: number) => (await t.db.query(`SELECT media_alt FROM posts WHERE id = $1`, [id]))[0].media_alt as string | null;
  const feedItem = async (id: number, query = 'limit=50') => ((await bob.agent.get(`/api/posts?${query}`).expect(200)).body as Page<Post>).items.find((p) => p.id === id);

  beforeAll(async () => {
    // A folder of its own (no other suite's files in it), inside the run's temp folder that the global teardown removes.
    t = await bootApp({ FEED_CACHE_MS: '60000', UPLOAD_DIR: path.join(path.dirname(process.env.UPLOAD_DIR!), 'alt-text-uploads') });
    alice = await signUp(t, { groupId: 9 });
    bob = await signUp(t);
    images = await Promise.all(Array.from({ length: 20 }, (_, i) => gradientImage(64, 48, 'png', i * 11)));
  });
  afterAll(() => t?.close());

  it('multipart: the alt part is stored normalised (trimmed, line breaks as spaces, controls removed) and sent on the post', async () => {
    const res = await postImage(alice, { content: 'sunrise', alt: '  A pink sunrise\nover\u0007 the clouds  ' }).expect(201);
    const post = res.body as Post;
    expect(post.media_mime).toBe('image/png');
    expect(post.media_alt).toBe('A pink sunrise over the clouds');
    expect(await storedAlt(post.id)).toBe('A pink sunrise over the clouds');
  });

  it('multipart: an empty or blank alt part means no description', async () => {
    const post = (await postImage(alice, { content: 'no words', alt: ' \n ' }).expect(201)).body as Post;
    expect(post.media_alt).toBeNull();
    expect(await storedAlt(post.id)).toBeNull();
  });

  it('a video takes a description; audio does not (400, nothing kept)', async () => {
    const video = await alice.agent.post('/api/posts').field('alt', 'A kite in the wind').attach('file', fixture('video.webm'), { filename: 'kite.webm', contentType: 'video/webm' }).expect(201);
    expect((video.body as Post).media_alt).toBe('A kite in the wind');
    await refusedCleanly(
      alice,
      () => alice.agent.post('/api/posts').field('alt', 'A song').attach('file', fixture('audio.mp3'), { filename: 'song.mp3', contentType: 'audio/mpeg' }),
      400,
      ALT_TEXT_MESSAGES.needsMedia,
    );
  });

  it('counts the limit in code points: 1,500 emoji are accepted, 1,501 characters are a 400 that writes nothing', async () => {
    const full = '☁'.repeat(ALT_TEXT.maxLength - 1) + '😀'; // the last one is two UTF-16 units
    const ok = (await postImage(alice, { alt: full }).expect(201)).body as Post;
    expect(ok.media_alt).toBe(full);
    expect(Array.from(ok.media_alt!)).toHaveLength(ALT_TEXT.maxLength);

    await refusedCleanly(alice, async () => postImage(alice, { content: 'too long', alt: 'a'.repeat(ALT_TEXT.maxLength + 1) }), 400, ALT_TEXT_MESSAGES.tooLong);
    await refusedCleanly(alice, async () => postImage(alice, { alt: '😀'.repeat(ALT_TEXT.maxLength + 1) }), 400, ALT_TEXT_MESSAGES.tooLong);
  });

  it('JSON: alt without an upload (text only, or a picked GIF) is a 400 that writes nothing; blank or null alt is none', async () => {
    await refusedCleanly(alice, async () => alice.agent.post('/api/posts').send({ content: 'just words', gif: null, alt: 'a picture' }), 400, ALT_TEXT_MESSAGES.needsMedia);
    await refusedCleanly(alice, async () => alice.agent.post('/api/posts').send({ content: '', gif: GIPHY_GIF, alt: 'a dancing cat' }), 400, ALT_TEXT_MESSAGES.needsMedia);
    await refusedCleanly(alice, async () => alice.agent.post('/api/posts').send({ content: 'x', gif: null, alt: 42 }), 400, ALT_TEXT_MESSAGES.invalid);
    const blank = (await alice.agent.post('/api/posts').send({ content: 'plain', gif: null, alt: '   ' }).expect(201)).body as Post;
    const none = (await alice.agent.post('/api/posts').send({ content: 'plain too', gif: null, alt: null }).expect(201)).body as Post;
    expect([blank.media_alt, none.media_alt]).toEqual([null, null]);
  });

  it('is on the wire everywhere posts are read: the cached first page, the single post, the profile, its media list and search', async () => {
    const word = `altword${process.pid}`;
    const post = (await postImage(alice, { content: `look ${word}`, alt: 'Two gulls on a rail' }).expect(201)).body as Post;
    expect((await feedItem(post.id))?.media_alt).toBe('Two gulls on a rail');
    expect(((await bob.agent.get(`/api/posts/${post.id}`).expect(200)).body as Post).media_alt).toBe('Two gulls on a rail');
    expect((await feedItem(post.id, `username=${alice.user.username}`))?.media_alt).toBe('Two gulls on a rail');
    const media = (await bob.agent.get(`/api/users/${alice.user.username}/media`).expect(200)).body as Page<Post>;
    expect(media.items.find((p) => p.id === post.id)?.media_alt).toBe('Two gulls on a rail');
    const found = (await bob.agent.get(`/api/search/posts?query=${word}`).expect(200)).body as Page<Post>;
    expect(found.items.find((p) => p.id === post.id)?.media_alt).toBe('Two gulls on a rail');
    // A post without an upload says null, never leaves the field out.
    const plain = (await alice.agent.post('/api/posts').send({ content: 'words only', gif: null }).expect(201)).body as Post;
    expect(Object.prototype.hasOwnProperty.call(await feedItem(plain.id), 'media_alt')).toBe(true);
    expect((await feedItem(plain.id))?.media_alt).toBeNull();
  });

  it('an edit changes the description, and the cached first page shows it on the next load; absent keeps it; null removes it', async () => {
    const post = (await postImage(alice, { content: 'edit me', alt: 'First words' }).expect(201)).body as Post;
    expect((await feedItem(post.id))?.media_alt).toBe('First words');
    // The first page is now kept in memory: a change behind the app's back does not show...
    await t.db.query(`UPDATE posts SET media_alt = 'changed behind the cache' WHERE id = $1`, [post.id]);
    expect((await feedItem(post.id))?.media_alt).toBe('First words');
    // ...an edit through the API does.
    const edited = await alice.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'edit me', alt: ' Better words ' }).expect(200);
    expect(edited.body.post.media_alt).toBe('Better words');
    expect((await feedItem(post.id))?.media_alt).toBe('Better words');
    expect(((await bob.agent.get(`/api/posts/${post.id}`).expect(200)).body as Post).media_alt).toBe('Better words');

    await alice.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'edit me again' }).expect(200);
    expect(await storedAlt(post.id)).toBe('Better words');
    await alice.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'edit me again', alt: null }).expect(200);
    expect(await storedAlt(post.id)).toBeNull();
    expect((await feedItem(post.id))?.media_alt).toBeNull();
  });

  it('an edit that is refused changes nothing: too long, on a post without an upload, or by someone else', async () => {
    const post = (await postImage(alice, { content: 'keep me', alt: 'Kept' }).expect(201)).body as Post;
    const tooLong = await alice.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'changed', alt: 'b'.repeat(ALT_TEXT.maxLength + 1) }).expect(400);
    expect(tooLong.body.error).toBe(ALT_TEXT_MESSAGES.tooLong);
    const plain = (await alice.agent.post('/api/posts').send({ content: 'no file here', gif: null }).expect(201)).body as Post;
    const noMedia = await alice.agent.put(`/api/posts/${plain.id}/edit`).send({ content: 'changed', alt: 'nothing to describe' }).expect(400);
    expect(noMedia.body.error).toBe(ALT_TEXT_MESSAGES.needsMedia);
    await bob.agent.put(`/api/posts/${post.id}/edit`).send({ content: 'mine now', alt: 'Stolen' }).expect(403);

    const rows = await t.db.query(`SELECT id, content, media_alt, edited_at FROM posts WHERE id = ANY($1::bigint[]) ORDER BY id`, [[post.id, plain.id]]);
    expect(rows).toEqual([
      { id: post.id, content: 'keep me', media_alt: 'Kept', edited_at: null },
      { id: plain.id, content: 'no file here', media_alt: null, edited_at: null },
    ]);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM post_edits WHERE post_id = ANY($1::bigint[])`, [[post.id, plain.id]]))[0].n).toBe(0);
  });

  it('a reply may carry an image with its description (multipart); it is on the thread and counts on its parent', async () => {
    const parent = (await alice.agent.post('/api/posts').send({ content: 'reply with a picture', gif: null }).expect(201)).body as Post;
    const reply = (await postImage(bob, { content: 'here it is', alt: 'A rainbow over a bridge' }, `/api/posts/${parent.id}/reply`).expect(201)).body as Post;
    expect(reply).toEqual(expect.objectContaining({ parent_id: parent.id, media_mime: 'image/png', media_alt: 'A rainbow over a bridge', content: 'here it is' }));
    expect(reply.media_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const thread = (await alice.agent.get(`/api/posts/${parent.id}/replies`).expect(200)).body as Page<Post>;
    expect(thread.items.map((p) => [p.id, p.media_alt])).toEqual([[reply.id, 'A rainbow over a bridge']]);
    expect(((await alice.agent.get(`/api/posts/${parent.id}`).expect(200)).body as Post).repliesCount).toBe(1);
    // Only a picture, no words: the reply is stored with the media placeholder as its text.
    const pictureOnly = (await postImage(bob, {}, `/api/posts/${parent.id}/reply`).expect(201)).body as Post;
    expect([pictureOnly.content, pictureOnly.media_alt]).toEqual([MESSAGES.post.mediaPlaceholder, null]);
    // JSON replies keep working and may say alt: null.
    await bob.agent.post(`/api/posts/${parent.id}/reply`).send({ content: 'words', alt: null }).expect(201);
  });

  it('a refused reply writes nothing: alt without a file, an empty reply, a missing parent (its upload is removed)', async () => {
    const parent = (await alice.agent.post('/api/posts').send({ content: 'refusals', gif: null }).expect(201)).body as Post;
    await refusedCleanly(bob, async () => bob.agent.post(`/api/posts/${parent.id}/reply`).send({ content: 'words', alt: 'a picture' }), 400, ALT_TEXT_MESSAGES.needsMedia);
    await refusedCleanly(bob, async () => bob.agent.post(`/api/posts/${parent.id}/reply`).send({ content: '  ' }), 400, MESSAGES.post.replyEmpty);
    await refusedCleanly(bob, async () => postImage(bob, { content: 'too long', alt: 'c'.repeat(ALT_TEXT.maxLength + 1) }, `/api/posts/${parent.id}/reply`), 400, ALT_TEXT_MESSAGES.tooLong);
    await refusedCleanly(bob, async () => postImage(bob, { content: 'lost', alt: 'An orphan' }, '/api/posts/999999999/reply'), 404, MESSAGES.post.notFoundOrDeleted);
    expect(((await alice.agent.get(`/api/posts/${parent.id}`).expect(200)).body as Post).repliesCount).toBe(0);
  });
});
