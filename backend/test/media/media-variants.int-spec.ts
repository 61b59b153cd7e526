import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { MESSAGES, type MediaInfo, type Post, type SystemNotice, type UserProfile } from '@cloud9/contracts';
import { MediaService } from '../../src/modules/media/media.service';
import { signUp, SignedIn } from '../support/app';
import { gradientImage } from '../support/images';
import { bootWatched, countRows, eventually, pngClaiming, WatchedApp } from '../support/harness';
import { DRIVERS, storeUnderTest, type StoreUnderTest, TONE } from '../support/storage-drivers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each(DRIVERS)('media sized for screens: content-addressed originals, dimensions, previews and variants (%s storage)', (driver) => {
  let store: StoreUnderTest;
  const image = (width: number, height: number, format?: Parameters<typeof gradientImage>[2], shade?: number) => gradientImage(width, height, format, shade, TONE[driver]);
  let t: WatchedApp;
  let alice: SignedIn;
  let bob: SignedIn;

  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const storedBytes = async (url: string) => store.read(t.settings.uploadDir, keyOf(url));
  const filesUnder = (dir: string) => store.files(dir);
  const postImage = async (who: SignedIn, bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
    (await who.agent.post('/api/posts').field('content', 'a picture').attach('file', bytes, { filename, contentType }).expect(201)).body as Post;
  const getPost = async (id: number) => (await alice.agent.get(`/api/posts/${id}`).expect(200)).body as Post;
  /** Waits for the variants job (run by the app's own BullMQ worker) to record `count` variants. */
  const variantsOf = async (id: number, count: number): Promise<MediaInfo> => {
    let media: MediaInfo | undefined;
    const done = await eventually(async () => {
      media = (await getPost(id)).media;
      return media?.variants.length === count;
    }, 30_000);
    expect({ done, media }).toEqual({ done: true, media: expect.anything() });
    return media!;
  };
  const variantFiles = async (url: string) => (await filesUnder(t.settings.uploadDir)).filter((f) => f.startsWith(`${keyOf(url)}.w`));

  beforeAll(async () => {
    store = await storeUnderTest(driver);
    t = await bootWatched(store.env);
    alice = await signUp(t, { groupId: 7 });
    bob = await signUp(t, { groupId: 7 });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  it('a 3000×1800 photo is stored as a 2048×1229 original under the SHA-256 of its stored bytes, served immutable, with size and preview in the post', async () => {
    const post = await postImage(alice, await image(3000, 1800));
    expect(post.media_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(post.media).toEqual({ width: 2048, height: 1229, placeholder: expect.stringMatching(/^data:image\/webp;base64,/), variants: expect.any(Array) });

    const served = await t.request().get(post.media_url!).expect(200);
    expect(served.headers['cache-control']).toBe(IMMUTABLE);
    const stored = served.body as Buffer;
    expect(createHash('sha256').update(stored).digest('hex')).toBe(keyOf(post.media_url!).replace(/\.jpg$/, ''));
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2048, 1229]);
    // The preview is a real, tiny image.
    const preview = Buffer.from(post.media!.placeholder!.split(',')[1], 'base64');
    expect(preview.length).toBeLessThan(600);
    expect(Math.max((await sharp(preview).metadata()).width!, (await sharp(preview).metadata()).height!)).toBe(16);

    // The feed carries the same facts.
    const feed = (await alice.agent.get('/api/posts').expect(200)).body.items as Post[];
    expect(feed.find((p) => p.id === post.id)?.media?.width).toBe(2048);
  });

  it('the variants job adds WebP variants 320/640/1280 wide, each served immutable; the original stays as it was', async () => {
    const post = await postImage(alice, await image(1600, 1000, 'png'), 'wide.png', 'image/png');
    const media = await variantsOf(post.id, 3);
    expect(media.variants.map((v) => [v.width, v.height])).toEqual([[320, 200], [640, 400], [1280, 800]]);
    for (const variant of media.variants) {
      expect(variant.url).toBe(`${post.media_url}.w${variant.width}.webp`);
      const res = await t.request().get(variant.url).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/webp/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
    }
    expect((await sharp((await storedBytes(post.media_url!))!).metadata()).width).toBe(1600);
    // Variants are not orphans while their original is used.
    const names = [keyOf(post.media_url!), ...(await variantFiles(post.media_url!))];
    expect(names).toHaveLength(4);
    expect(await t.app.get(MediaService).unusedFiles(names)).toEqual([]);
  });

  it('never upscales: a 500 px image gets only the 320 variant, a 200 px one none', async () => {
    const mid = await postImage(alice, await image(500, 300, 'webp'), 'mid.webp', 'image/webp');
    expect(mid.media_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    const media = await variantsOf(mid.id, 1);
    expect(media.variants.map((v) => v.width)).toEqual([320]);
    expect(await variantFiles(mid.media_url!)).toEqual([`${keyOf(mid.media_url!)}.w320.webp`]);

    const small = await postImage(alice, await image(200, 100));
    expect(small.media).toEqual({ width: 200, height: 100, placeholder: expect.any(String), variants: [] });
    expect(await variantFiles(small.media_url!)).toEqual([]);
  });

  it('the same bytes posted twice share one file; deleting one post keeps it, deleting the last removes it and its variants', async () => {
    const bytes = await image(900, 600, 'jpeg', 77);
    const first = await postImage(alice, bytes);
    const second = await postImage(bob, bytes);
    expect(second.media_url).toBe(first.media_url);
    await variantsOf(first.id, 2);
    expect((await variantsOf(second.id, 2)).variants.map((v) => v.width)).toEqual([320, 640]);
    const key = keyOf(first.media_url!);
    expect(await countRows(t, 'media', 'storage_key = $1', [key])).toBe(2);
    expect((await filesUnder(t.settings.uploadDir)).filter((f) => f.startsWith(key))).toHaveLength(3);

    await alice.agent.delete(`/api/posts/${first.id}`).expect(200);
    expect(await countRows(t, 'media', 'storage_key = $1', [key])).toBe(1);
    await t.request().get(second.media_url!).expect(200);
    await t.request().get(`${second.media_url}.w640.webp`).expect(200);
    expect((await getPost(second.id)).media?.variants).toHaveLength(2);

    await bob.agent.delete(`/api/posts/${second.id}`).expect(200);
    expect(await countRows(t, 'media', 'storage_key = $1', [key])).toBe(0);
    expect(await eventually(async () => (await filesUnder(t.settings.uploadDir)).every((f) => !f.startsWith(key)))).toBe(true);
    await t.request().get(second.media_url!).expect(404);
  });

  it('uploads and deletions of the same bytes at the same time never take a file that is still used', async () => {
    const bytes = await image(240, 160, 'png', 201);
    const posts = await Promise.all([alice, bob, alice, bob].map((who) => postImage(who, bytes, 'same.png', 'image/png')));
    const url = posts[0].media_url!;
    expect(new Set(posts.map((p) => p.media_url))).toEqual(new Set([url]));
    expect(await countRows(t, 'media', 'storage_key = $1', [keyOf(url)])).toBe(4);
    // Three go while a fifth use arrives: the file stays for the two left.
    const owners = [alice, bob, alice];
    const [fifth] = await Promise.all([
      postImage(bob, bytes, 'again.png', 'image/png'),
      ...posts.slice(0, 3).map((p, i) => owners[i].agent.delete(`/api/posts/${p.id}`).expect(200)),
    ]);
    expect(fifth.media_url).toBe(url);
    expect(await countRows(t, 'media', 'storage_key = $1', [keyOf(url)])).toBe(2);
    await t.request().get(url).expect(200);
    await Promise.all([bob.agent.delete(`/api/posts/${posts[3].id}`).expect(200), bob.agent.delete(`/api/posts/${fifth.id}`).expect(200)]);
    expect(await countRows(t, 'media', 'storage_key = $1', [keyOf(url)])).toBe(0);
    expect(await storedBytes(url)).toBeNull();
  });

  it('a profile image gets 96/192 variants and a banner 640/1280 at once, shown in the profile', async () => {
    const res = await alice.agent
      .put(`/api/users/${alice.user.username}`)
      .attach('thumbnail', await image(800, 800, 'png'), 'me.png')
      .attach('background', await image(2400, 600), 'banner.jpg')
      .expect(200);
    const profile = (await t.request().get(`/api/profile/${alice.user.username}`).expect(200)).body as UserProfile;
    expect(profile.thumbnail).toBe(res.body.thumbnail);
    expect(profile.thumbnailMedia).toEqual({
      width: 800, height: 800, placeholder: expect.stringMatching(/^data:image\/webp/),
      variants: [{ url: `${profile.thumbnail}.w96.webp`, width: 96, height: 96 }, { url: `${profile.thumbnail}.w192.webp`, width: 192, height: 192 }],
    });
    expect(profile.backgroundMedia).toEqual({
      width: 2048, height: 512, placeholder: expect.any(String),
      variants: [{ url: `${profile.background}.w640.webp`, width: 640, height: 160 }, { url: `${profile.background}.w1280.webp`, width: 1280, height: 320 }],
    });
    // Every post card of hers carries the avatar's variants too.
    const card = ((await bob.agent.get('/api/posts').expect(200)).body.items as Post[]).find((p) => p.user_id === alice.user.id);
    expect(card?.thumbnailMedia).toEqual(profile.thumbnailMedia);
    for (const v of [...profile.thumbnailMedia!.variants, ...profile.backgroundMedia!.variants]) {
      expect((await sharp((await t.request().get(v.url).expect(200)).body as Buffer).metadata()).width).toBe(v.width);
    }
    // A profile without images says so.
    const plain = (await t.request().get(`/api/profile/${bob.user.username}`).expect(200)).body as UserProfile;
    expect([plain.thumbnailMedia, plain.backgroundMedia]).toEqual([undefined, undefined]);
  });

  it('a notice image carries its size and preview, and its variants once made', async () => {
    const staff = await signUp(t, { groupId: 3 });
    const res = await staff.agent.post('/api/notifications/posts').field('message', 'with a picture')
      .attach('file', await image(700, 350, 'png', 9), { filename: 'n.png', contentType: 'image/png' }).expect(201);
    const notice = res.body.notice as SystemNotice;
    expect(notice.media).toEqual({ width: 700, height: 350, placeholder: expect.any(String), variants: expect.any(Array) });
    expect(await eventually(async () => {
      const page = (await staff.agent.get('/api/notifications/posts').expect(200)).body.items as SystemNotice[];
      return page.find((n) => n.id === notice.id)?.media?.variants.map((v) => v.width).join() === '320,640';
    }, 30_000)).toBe(true);
  });

  it('an animated GIF keeps its frames: size and preview recorded, no variants', async () => {
    const gif = readFileSync(path.join(__dirname, '../fixtures/media/animated.gif'));
    const meta = await sharp(gif).metadata();
    expect(meta.pages).toBeGreaterThan(1);
    const post = await postImage(alice, gif, 'a.gif', 'image/gif');
    expect(post.media_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.gif$/);
    expect(post.media).toEqual({ width: meta.width, height: meta.pageHeight ?? meta.height, placeholder: expect.any(String), variants: [] });
    expect((await sharp((await t.request().get(post.media_url!).expect(200)).body as Buffer, { animated: true }).metadata()).pages).toBe(meta.pages);
    expect(await variantFiles(post.media_url!)).toEqual([]);
  });

  describe('hostile images get a 4xx from the catalogue and leave nothing behind', () => {
    it.each([
      ['a truncated JPEG', async () => (await image(400, 300)).subarray(0, 900), MESSAGES.http.unreadableMedia],
      ['a PNG header claiming 50000×50000 (a decompression bomb, refused by its header)', async () => pngClaiming(50_000, 50_000), MESSAGES.http.imageTooManyPixels],
      ['text named photo.jpg', async () => Buffer.from('not an image at all, only words'), MESSAGES.http.unsupportedMedia],
    ])('%s', async (_name, make, message) => {
      const files = await filesUnder(t.settings.uploadDir);
      const rows = await countRows(t, 'media');
      const res = await alice.agent.post('/api/posts').field('content', 'x').attach('file', await make(), { filename: 'photo.jpg', contentType: 'image/jpeg' });
      expect([res.status, res.body.error]).toEqual([415, message]);
      expect(await countRows(t, 'media')).toBe(rows);
      expect(await eventually(async () => JSON.stringify(await filesUnder(t.settings.uploadDir)) === JSON.stringify(files))).toBe(true);
    });

    it('a JPEG named .png and declared image/png is judged by its bytes and stored as .jpg', async () => {
      const post = await postImage(alice, await image(120, 80), 'looks-like.png', 'image/png');
      expect(post.media_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
      expect(post.media_mime).toBe('image/jpeg');
      expect(await storedBytes(post.media_url!)).not.toBeNull();
    });
  });
});
