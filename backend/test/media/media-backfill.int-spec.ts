import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type { MediaInfo, Post, UserProfile } from '@cloud9/contracts';
import { MEDIA_QUEUE } from '../../src/jobs/job-map';
import { JobsService } from '../../src/jobs/jobs.service';
import { MediaBackfill } from '../../src/modules/media/media-backfill';
import { signUp, SignedIn } from '../support/app';
import { ensureBackendBuilt } from '../support/build';
import { gradientImage } from '../support/images';
import { bootWatched, eventually, WatchedApp } from '../support/harness';
import { DRIVERS, storeUnderTest, type StoreUnderTest, TONE } from '../support/storage-drivers';

const CLI = path.resolve(__dirname, '../../dist/cli.js');

describe.each(DRIVERS)('npm run media:backfill: uploads from before sizes and variants were recorded get them through the variants job (%s storage)', (driver) => {
  let store: StoreUnderTest;
  const image = (width: number, height: number, format?: Parameters<typeof gradientImage>[2], shade?: number) => gradientImage(width, height, format, shade, TONE[driver]);
  let t: WatchedApp;
  let alice: SignedIn;
  let bob: SignedIn;

  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const postImage = async (bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') =>
    (await alice.agent.post('/api/posts').field('content', 'old picture').attach('file', bytes, { filename: name, contentType: type }).expect(201)).body as Post;
  const mediaOf = async (id: number) => ((await bob.agent.get(`/api/posts/${id}`).expect(200)).body as Post).media;
  const variantFiles = async (key: string) => (await store.keys(t.settings.uploadDir)).filter((f) => f.startsWith(`${key}.w`));
  /** Waits until `read` gives media whose variants have these widths. */
  const settled = async (read: () => Promise<MediaInfo | undefined>, widths: number[]) => {
    let media: MediaInfo | undefined;
    const done = await eventually(async () => {
      media = await read();
      return media?.width != null && media.variants.map((v) => v.width).join() === widths.join();
    }, 30_000);
    expect({ done, widths: media?.variants.map((v) => v.width) }).toEqual({ done: true, widths });
    return media!;
  };
  /** Takes a stored image back to how uploads were kept before: no size, preview or variants on its rows, no variant files. */
  const makeOld = async (key: string) => {
    await t.db.query(`UPDATE media SET width = NULL, height = NULL, placeholder = NULL, variants = '[]' WHERE storage_key = $1`, [key]);
    for (const name of await variantFiles(key)) await store.remove(t.settings.uploadDir, name);
  };
  /** The variants jobs queued for `key` since `since` (ms), as their widths. */
  const jobsFor = async (key: string, since: number) => {
    const jobs = await t.app.get(JobsService).queue(MEDIA_QUEUE).getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed']);
    return jobs.filter((j) => j.data.storageKey === key && j.timestamp >= since).map((j) => j.data.widths as number[]);
  };

  beforeAll(async () => {
    store = await storeUnderTest(driver);
    t = await bootWatched({ ...store.env, RATE_LIMIT_UPLOADS: '0/1m', RATE_LIMIT_POSTS: '0/1m' });
    alice = await signUp(t, { groupId: 7 });
    bob = await signUp(t, { groupId: 7 });
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  it('queues each image lacking its size or a variant once, by what it is shown as; the job records them; a second run queues none of them', async () => {
    const wide = await postImage(await image(900, 600, 'jpeg', 11));
    await settled(() => mediaOf(wide.id), [320, 640]);
    const small = await postImage(await image(250, 200, 'jpeg', 12));
    const complete = await postImage(await image(700, 400, 'jpeg', 13));
    await settled(() => mediaOf(complete.id), [320, 640]);
    const gif = await postImage(readFileSync(path.join(__dirname, '../fixtures/media/animated.gif')), 'a.gif', 'image/gif');
    const avatar = (await bob.agent.put(`/api/users/${bob.user.username}`).attach('thumbnail', await image(400, 400, 'png', 14), 'me.png').expect(200)).body.thumbnail as string;
    for (const url of [wide.media_url!, small.media_url!, gif.media_url!, avatar]) await makeOld(keyOf(url));
    expect(await mediaOf(wide.id)).toEqual({ width: null, height: null, placeholder: null, variants: [] });
    expect(await variantFiles(keyOf(wide.media_url!))).toEqual([]);

    const started = Date.now();
    const first = await t.app.get(MediaBackfill).run(2); // small pages: the keyset paging is exercised
    expect(first.queued).toBeGreaterThanOrEqual(3);
    expect(first.complete).toBeGreaterThanOrEqual(1);
    expect(first.scanned).toBe(first.queued + first.complete);
    expect(await jobsFor(keyOf(wide.media_url!), started)).toEqual([[320, 640, 1280]]); // size unknown: the job keeps the narrower ones
    expect(await jobsFor(keyOf(small.media_url!), started)).toEqual([[320, 640, 1280]]);
    expect(await jobsFor(keyOf(avatar), started)).toEqual([[96, 192]]);
    expect(await jobsFor(keyOf(complete.media_url!), started)).toEqual([]);
    expect(await jobsFor(keyOf(gif.media_url!), started)).toEqual([]); // GIFs keep their frames, no variants

    // The app's own worker runs the jobs: size, preview and the variants narrower than the image.
    const backfilled = await settled(() => mediaOf(wide.id), [320, 640]);
    expect(backfilled).toMatchObject({ width: 900, height: 600, placeholder: expect.stringMatching(/^data:image\/webp;base64,/) });
    expect((await variantFiles(keyOf(wide.media_url!))).sort()).toEqual([`${keyOf(wide.media_url!)}.w320.webp`, `${keyOf(wide.media_url!)}.w640.webp`]);
    expect(await settled(() => mediaOf(small.id), [])).toMatchObject({ width: 250, height: 200 });
    const profile = await settled(async () => ((await t.request().get(`/api/profile/${bob.user.username}`).expect(200)).body as UserProfile).thumbnailMedia, [96, 192]);
    expect(profile.width).toBe(400);
    // The originals are not touched: same names, same bytes.
    expect((await sharp((await store.read(t.settings.uploadDir, keyOf(wide.media_url!)))!).metadata()).width).toBe(900);

    const again = Date.now();
    await t.app.get(MediaBackfill).run(500);
    for (const url of [wide.media_url!, small.media_url!, avatar, complete.media_url!, gif.media_url!]) expect(await jobsFor(keyOf(url), again)).toEqual([]);
  });

  // The command only queues the job the test above runs on each store: once is enough (it boots the app twice).
  if (driver === 'local') {
    it('the command queues through the same job and prints its counts; a bad batch size is refused with the usage', async () => {
      ensureBackendBuilt();
      const old = await postImage(await image(800, 500, 'jpeg', 21));
      await settled(() => mediaOf(old.id), [320, 640]);
      await makeOld(keyOf(old.media_url!));

      const run = (args: string[]) => spawnSync(process.execPath, [CLI, 'media-backfill', ...args], { env: process.env, encoding: 'utf8', timeout: 60_000 });
      const result = run(['--batch', '50']);
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
      expect(result.stdout).toMatch(/Looked at \d+ stored images: [1-9]\d* queued for the variants job, \d+ already complete\./);
      // This app's worker makes them (the command's process only queues).
      expect(await settled(() => mediaOf(old.id), [320, 640])).toMatchObject({ width: 800, height: 500 });

      const refused = run(['--batch', '0']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/--batch must be a whole number/);
      expect(refused.stderr).toMatch(/npm run media:backfill/);
    }, 180_000); // may build the backend first, and boots it twice
  }
});
