import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { MESSAGES, VIDEO_POSTER, type Post, type SystemNotice } from '@cloud9/contracts';
import { PASSWORD, signUp, SignedIn } from '../support/app';
import { gradientImage } from '../support/images';
import { bootWatched, countRows, eventually, WatchedApp } from '../support/harness';
import { DRIVERS, storeUnderTest, type StoreUnderTest, TONE } from '../support/storage-drivers';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/media', name));
const VIDEO_WEBM = fixture('video.webm');
const VIDEO_MP4 = fixture('video.mp4');
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each(DRIVERS)('video poster frames: drawn by the browser, sent beside the video, judged and stored as a WebP of their own (%s storage)', (driver) => {
  let store: StoreUnderTest;
  const image = (width: number, height: number, format?: Parameters<typeof gradientImage>[2], shade?: number) => gradientImage(width, height, format, shade, TONE[driver]);
  let t: WatchedApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let staff: SignedIn;

  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const filesUnder = (dir: string) => store.files(dir);
  const postVideo = (who: SignedIn, video: Buffer, poster?: { bytes: Buffer; name: string; type: string }, name = 'clip.webm') => {
    const req = who.agent.post('/api/posts').field('content', 'my clip').attach('file', video, { filename: name, contentType: 'video/webm' });
    return poster ? req.attach(VIDEO_POSTER.part, poster.bytes, { filename: poster.name, contentType: poster.type }) : req;
  };
  const jpeg = async (width: number, height: number, shade = 0) => ({ bytes: await image(width, height, 'jpeg', shade), name: 'poster.jpg', type: 'image/jpeg' });
  const download = async (url: string) => {
    const res = await t.request().get(url).expect(200);
    return { body: res.body as Buffer, headers: res.headers };
  };
  /** Everything a refused request could have left: files (the temp folder included), rows, posts, notices. */
  const state = async () => ({
    files: await filesUnder(t.settings.uploadDir),
    media: await countRows(t, 'media'),
    posts: await countRows(t, 'posts'),
    notices: await countRows(t, 'system_notices'),
  });

  beforeAll(async () => {
    store = await storeUnderTest(driver);
    t = await bootWatched({ ...store.env, RATE_LIMIT_UPLOADS: '0/1m', RATE_LIMIT_POSTS: '0/1m' });
    alice = await signUp(t, { groupId: 7 });
    bob = await signUp(t, { groupId: 7 });
    staff = await signUp(t, { groupId: 3 });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  it('a video with a poster: the post records the video\'s size and the poster (a WebP under its own SHA-256, served immutable), in every read', async () => {
    const res = await postVideo(alice, VIDEO_WEBM, await jpeg(320, 240)).expect(201);
    const post = res.body as Post;
    expect(post.media_mime).toBe('video/webm');
    expect(post.media).toEqual({ width: 64, height: 48, placeholder: null, variants: [], poster: { url: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.webp$/), width: 320, height: 240 } });

    const poster = post.media!.poster!;
    const served = await download(poster.url);
    expect(served.headers['content-type']).toMatch(/^image\/webp/);
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    expect(createHash('sha256').update(served.body).digest('hex')).toBe(keyOf(poster.url).replace(/\.webp$/, ''));
    const meta = await sharp(served.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 320, 240, undefined]);

    // The video's row points at the poster's own row.
    const [row] = await t.db.query(
      `SELECT v.width, v.height, p.storage_key AS poster_key, p.kind AS poster_kind, p.owner_id AS poster_owner
         FROM media v JOIN media p ON p.id = v.poster_id WHERE v.id = (SELECT media_id FROM posts WHERE id = $1)`,
      [post.id],
    );
    expect(row).toEqual({ width: 64, height: 48, poster_key: keyOf(poster.url), poster_kind: 'image', poster_owner: alice.user.id });

    // The single post, the feed and the author's media list carry the same facts.
    expect(((await bob.agent.get(`/api/posts/${post.id}`).expect(200)).body as Post).media).toEqual(post.media);
    const feed = (await bob.agent.get('/api/posts').expect(200)).body.items as Post[];
    expect(feed.find((p) => p.id === post.id)?.media).toEqual(post.media);
  });

  it('a big poster is stored within 1280 px; a video without a poster records only its size', async () => {
    const big = (await postVideo(alice, VIDEO_MP4, await jpeg(2000, 1500, 40), 'clip.mp4').expect(201)).body as Post;
    expect(big.media?.poster).toEqual({ url: expect.any(String), width: 1280, height: 960 });
    expect((await sharp((await download(big.media!.poster!.url)).body).metadata()).width).toBe(1280);

    const bare = (await postVideo(alice, VIDEO_MP4, undefined, 'clip.mp4').expect(201)).body as Post;
    expect(bare.media).toEqual({ width: 64, height: 48, placeholder: null, variants: [] });
    expect(bare.media).not.toHaveProperty('poster');
  });

  it('the same video posted by two people keeps each one\'s own poster (a poster is the uploader\'s, never shared through the video)', async () => {
    const mine = (await postVideo(alice, VIDEO_WEBM, await jpeg(160, 120, 10)).expect(201)).body as Post;
    const theirs = (await postVideo(bob, VIDEO_WEBM, await jpeg(160, 120, 200)).expect(201)).body as Post;
    const without = (await postVideo(bob, VIDEO_WEBM).expect(201)).body as Post;
    expect(theirs.media_url).toBe(mine.media_url);
    expect(theirs.media?.poster?.url).not.toBe(mine.media?.poster?.url);
    expect(without.media?.poster).toBeUndefined();
    expect(((await alice.agent.get(`/api/posts/${mine.id}`).expect(200)).body as Post).media?.poster?.url).toBe(mine.media?.poster?.url);
  });

  it('deleting the post removes the poster\'s row and file with the video\'s; a poster still used elsewhere stays', async () => {
    const poster = await jpeg(200, 150, 77);
    const first = (await postVideo(alice, VIDEO_WEBM, poster).expect(201)).body as Post;
    const second = (await postVideo(bob, VIDEO_MP4, poster, 'clip.mp4').expect(201)).body as Post;
    const posterKey = keyOf(first.media!.poster!.url);
    expect(second.media?.poster?.url).toBe(first.media?.poster?.url);
    expect(await countRows(t, 'media', 'storage_key = $1', [posterKey])).toBe(2);

    await alice.agent.delete(`/api/posts/${first.id}`).expect(200);
    expect(await countRows(t, 'media', 'storage_key = $1', [posterKey])).toBe(1);
    await t.request().get(first.media!.poster!.url).expect(200);

    await bob.agent.delete(`/api/posts/${second.id}`).expect(200);
    expect(await countRows(t, 'media', 'storage_key = $1', [posterKey])).toBe(0);
    expect(await eventually(async () => !(await filesUnder(t.settings.uploadDir)).includes(posterKey))).toBe(true);
    await t.request().get(first.media!.poster!.url).expect(404);
  });

  it('deleting the account removes its videos\' posters, rows and files', async () => {
    const dave = await signUp(t, { groupId: 7 });
    const post = (await postVideo(dave, VIDEO_WEBM, await jpeg(180, 120, 99)).expect(201)).body as Post;
    const posterKey = keyOf(post.media!.poster!.url);
    await dave.agent.delete(`/api/users/${dave.user.id}`).send({ currentPassword: PASSWORD }).expect(200);
    expect(await countRows(t, 'media', 'storage_key = $1', [posterKey])).toBe(0);
    expect(await eventually(async () => !(await filesUnder(t.settings.uploadDir)).includes(posterKey))).toBe(true);
  });

  describe('a bad poster is a 400 from the catalogue, and nothing is written: no file, no row, no post', () => {
    it.each([
      ['beside an image', async () => ({ file: await image(100, 80, 'png'), name: 'p.png', type: 'image/png', poster: await jpeg(100, 80) }), MESSAGES.http.posterNeedsVideo],
      ['beside audio', async () => ({ file: fixture('audio.ogg'), name: 'a.ogg', type: 'audio/ogg', poster: await jpeg(100, 80) }), MESSAGES.http.posterNeedsVideo],
      ['that is HTML', async () => ({ file: VIDEO_WEBM, name: 'v.webm', type: 'video/webm', poster: { bytes: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'p.jpg', type: 'image/jpeg' } }), MESSAGES.http.posterInvalid],
      ['that is a truncated JPEG', async () => ({ file: VIDEO_WEBM, name: 'v.webm', type: 'video/webm', poster: { bytes: (await image(300, 200)).subarray(0, 900), name: 'p.jpg', type: 'image/jpeg' } }), MESSAGES.http.posterInvalid],
      ['that is a GIF', async () => ({ file: VIDEO_WEBM, name: 'v.webm', type: 'video/webm', poster: { bytes: await image(50, 40, 'gif'), name: 'p.gif', type: 'image/gif' } }), MESSAGES.http.posterInvalid],
      ['that is a video', async () => ({ file: VIDEO_WEBM, name: 'v.webm', type: 'video/webm', poster: { bytes: VIDEO_MP4, name: 'p.mp4', type: 'video/mp4' } }), MESSAGES.http.posterInvalid],
      ['over 2 MB', async () => ({ file: VIDEO_WEBM, name: 'v.webm', type: 'video/webm', poster: { bytes: await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 90 } } }).png({ compressionLevel: 0 }).toBuffer(), name: 'p.png', type: 'image/png' } }), MESSAGES.http.posterInvalid],
    ])('a poster %s', async (what, make, message) => {
      const { file, name, type, poster } = await make();
      if (what === 'over 2 MB') expect(poster.bytes.length).toBeGreaterThan(VIDEO_POSTER.maxBytes);
      const before = await state();
      const res = await alice.agent.post('/api/posts').field('content', 'refused').attach('file', file, { filename: name, contentType: type })
        .attach(VIDEO_POSTER.part, poster.bytes, { filename: poster.name, contentType: poster.type });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: message });
      expect(await eventually(async () => JSON.stringify(await state()) === JSON.stringify(before))).toBe(true);
    });

    it('a poster without a file (text only) is refused before anything is read', async () => {
      const before = await state();
      const alone = await alice.agent.post('/api/posts').field('content', 'just words').attach(VIDEO_POSTER.part, (await jpeg(80, 60)).bytes, { filename: 'p.jpg', contentType: 'image/jpeg' });
      expect({ status: alone.status, error: alone.body.error }).toEqual({ status: 400, error: MESSAGES.http.posterNeedsVideo });
      expect(await eventually(async () => JSON.stringify(await state()) === JSON.stringify(before))).toBe(true);
    });
  });

  describe('notices carry video too', () => {
    it('a notice with a video and its poster shows both; replacing the video with another ends the old poster', async () => {
      const res = await staff.agent.post('/api/notifications/posts').field('message', 'watch this')
        .attach('file', VIDEO_WEBM, { filename: 'n.webm', contentType: 'video/webm' })
        .attach(VIDEO_POSTER.part, (await jpeg(240, 180, 120)).bytes, { filename: 'p.jpg', contentType: 'image/jpeg' })
        .expect(201);
      const notice = res.body.notice as SystemNotice;
      expect(notice.media).toEqual({ width: 64, height: 48, placeholder: null, variants: [], poster: { url: expect.stringMatching(/\.webp$/), width: 240, height: 180 } });
      const listed = ((await bob.agent.get('/api/notifications/posts').expect(200)).body.items as SystemNotice[]).find((n) => n.id === notice.id);
      expect(listed?.media).toEqual(notice.media);

      const oldPoster = keyOf(notice.media!.poster!.url);
      const edited = await staff.agent.post('/api/notifications/posts').field('id', String(notice.id)).field('message', 'a better clip')
        .attach('file', VIDEO_MP4, { filename: 'n.mp4', contentType: 'video/mp4' })
        .attach(VIDEO_POSTER.part, (await jpeg(120, 90, 250)).bytes, { filename: 'p.jpg', contentType: 'image/jpeg' })
        .expect(200);
      expect((edited.body.notice as SystemNotice).media?.poster).toEqual({ url: expect.stringMatching(/\.webp$/), width: 120, height: 90 });
      expect(await countRows(t, 'media', 'storage_key = $1', [oldPoster])).toBe(0);
      await t.request().get(`/uploads/${oldPoster}`).expect(404);
    });

    it('a bad poster on a notice is a 400 and writes nothing', async () => {
      const before = await state();
      const res = await staff.agent.post('/api/notifications/posts').field('message', 'refused')
        .attach('file', VIDEO_WEBM, { filename: 'n.webm', contentType: 'video/webm' })
        .attach(VIDEO_POSTER.part, Buffer.from('not an image at all, just text'), { filename: 'p.jpg', contentType: 'image/jpeg' });
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: MESSAGES.http.posterInvalid });
      expect(await eventually(async () => JSON.stringify(await state()) === JSON.stringify(before))).toBe(true);
    });
  });

  // Counting is the store's business nowhere: once, on the local store (it boots an app of its own).
  if (driver === 'local') {
    it('a poster does not count as an upload of its own against the uploads rate limit', async () => {
      const limited = await bootWatched({ RATE_LIMIT_UPLOADS: '1/1m', RATE_LIMIT_POSTS: '0/1m' });
      try {
        const carol = await signUp(limited, { groupId: 7 });
        await carol.agent.post('/api/posts').field('content', 'one upload').attach('file', VIDEO_WEBM, { filename: 'v.webm', contentType: 'video/webm' })
          .attach(VIDEO_POSTER.part, (await jpeg(64, 48)).bytes, { filename: 'p.jpg', contentType: 'image/jpeg' }).expect(201);
        await carol.agent.post('/api/posts').field('content', 'a second upload').attach('file', VIDEO_WEBM, { filename: 'v.webm', contentType: 'video/webm' }).expect(429);
      } finally {
        await limited.close();
      }
    });
  }
});
