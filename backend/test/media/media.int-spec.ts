import * as path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { MESSAGES } from '@cloud9/contracts';
import { fakeGifBytes } from '../fakes/giphy-server';
import { signUp, SignedIn } from '../support/app';
import { bootWatched, countRows, eventually, filesUnder, tinyPng, WatchedApp } from '../support/harness';
import { flatGif, flatImage } from '../support/images';
import { DRIVERS, storeUnderTest, type StoreUnderTest } from '../support/storage-drivers';

/** EXIF a phone writes: camera make and a GPS position (IFD3 is the GPS directory). */
const LOCATION_EXIF = { IFD0: { Make: 'SecretCam', Model: 'Phone 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } };

/** A photo-like image (noise, so the encoders have work to do), width × height. */
function noise(width: number, height: number): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 7)) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

describe.each(DRIVERS)('uploaded images lose their metadata (location) and must decode (%s storage)', (driver) => {
  let store: StoreUnderTest;
  let t: WatchedApp;
  let user: SignedIn;

  const upload = (who: SignedIn, bytes: Buffer, filename: string) => who.agent.put(`/api/users/${who.user.username}`).attach('thumbnail', bytes, { filename, contentType: 'image/jpeg' });
  const storedBytes = async (url: string) => (await store.read(t.settings.uploadDir, url.replace(/^\/uploads\//, '')))!;
  const mediaRow = async (url: string): Promise<{ bytes: number; mime: string }> =>
    (await t.db.query('SELECT bytes, mime FROM media WHERE storage_key = $1', [url.replace(/^\/uploads\//, '')]))[0];
  const thumbnailOf = async (id: number): Promise<string | null> => (await t.db.query('SELECT thumbnail FROM users WHERE id = $1', [id]))[0].thumbnail;

  beforeAll(async () => {
    store = await storeUnderTest(driver);
    t = await bootWatched(store.env);
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  it.each([
    ['jpeg', 'jpg', 'image/jpeg', 'jpeg'],
    ['png', 'png', 'image/png', 'png'],
    ['webp', 'webp', 'image/webp', 'webp'],
    ['avif', 'avif', 'image/avif', 'heif'],
  ] as const)('a %s with GPS EXIF is stored in the same format without any EXIF', async (format, ext, mime, decodedAs) => {
    const original = await noise(64, 48).toFormat(format).withExif(LOCATION_EXIF).toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from('SecretCam'))).toBe(true); // the test image really carries it

    const res = await upload(user, original, `photo.${ext}`).expect(200);
    expect(res.body.thumbnail).toMatch(new RegExp(`^/uploads/[^/]+\\.${ext}$`));
    const served = await t.request().get(res.body.thumbnail).expect(200);
    expect(served.headers['content-type']).toMatch(new RegExp(`^${mime}`));
    const stored = served.body as Buffer;
    const after = await sharp(stored).metadata();
    expect(after.format).toBe(decodedAs);
    expect([after.width, after.height]).toEqual([64, 48]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);

    // The row records the stored (re-encoded) size, not the uploaded one.
    const row = await mediaRow(res.body.thumbnail);
    expect(row.mime).toBe(mime);
    expect(row.bytes).toBe((await storedBytes(res.body.thumbnail)).length);
    expect(row.bytes).toBe(stored.length);
    expect(row.bytes).not.toBe(original.length);
  });

  it('a JPEG whose EXIF says "rotate 90°" is stored upright, without the orientation tag', async () => {
    // 60×30: left half red, right half blue; orientation 6 means "turn 90° clockwise to view".
    const raw = Buffer.alloc(60 * 30 * 3);
    for (let y = 0; y < 30; y++) for (let x = 0; x < 60; x++) raw[(y * 60 + x) * 3 + (x < 30 ? 0 : 2)] = 255;
    const sideways = await sharp(raw, { raw: { width: 60, height: 30, channels: 3 } }).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    const res = await upload(user, sideways, 'sideways.jpg').expect(200);
    const stored = (await t.request().get(res.body.thumbnail).expect(200)).body as Buffer;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([30, 60]);
    expect(meta.orientation).toBeUndefined();
    const { data, info } = await sharp(stored).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [topR, , topB] = pixel(15, 8);
    const [bottomR, , bottomB] = pixel(15, 52);
    expect(topR).toBeGreaterThan(200); // the left (red) half is now on top
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it('a clean GIF keeps every byte (its animation intact): there is nothing to cut', async () => {
    const gif = fakeGifBytes();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const res = await upload(user, gif, 'party.gif').expect(200);
    expect(res.body.thumbnail).toMatch(/\.gif$/);
    const served = await t.request().get(res.body.thumbnail).expect(200);
    expect(served.headers['content-type']).toMatch(/^image\/gif/);
    expect(Buffer.compare(served.body as Buffer, gif)).toBe(0);
    expect((await mediaRow(res.body.thumbnail)).bytes).toBe(gif.length);
  });

  it('HTML hidden after the end of a valid PNG does not survive the re-encoding', async () => {
    const polyglot = Buffer.concat([tinyPng([10, 20, 30, 255]), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload(user, polyglot, 'p.png').expect(200);
    const stored = (await t.request().get(res.body.thumbnail).expect(200)).body as Buffer;
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([10, 20, 30]);
  });

  describe('a file that looks like an image by its first bytes but does not decode is a 415 and leaves nothing behind', () => {
    const cases: [string, () => Promise<Buffer>][] = [
      ['a PNG header followed by HTML', async () => Buffer.concat([tinyPng().subarray(0, 33), Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), Buffer.alloc(64, 0x20)])],
      ['a truncated JPEG', async () => {
        const jpeg = await noise(120, 90).jpeg().withExif(LOCATION_EXIF).toBuffer();
        return jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
      }],
      ['a WebP header followed by garbage', async () => Buffer.concat([Buffer.from('RIFF\x00\x01\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(256, 0x41)])],
    ];

    it.each(cases)('%s', async (_name, make) => {
      const me = await signUp(t);
      const first = await upload(me, tinyPng([1, 1, 1, 255]), 'first.png').expect(200);
      const filesBefore = await store.files(t.settings.uploadDir);
      const mediaBefore = await countRows(t, 'media');

      const res = await upload(me, await make(), 'bad.png').expect(415);
      expect(res.body).toEqual({ success: false, statusCode: 415, error: MESSAGES.http.unreadableMedia });
      expect(await store.files(t.settings.uploadDir)).toEqual(filesBefore); // .incoming included
      expect(await countRows(t, 'media')).toBe(mediaBefore);
      expect(await thumbnailOf(me.user.id)).toBe(first.body.thumbnail);
    });
  });

  it('never leaked a secret in any response', () => {
    expect(t.inspected()).toBeGreaterThan(0);
    expect(t.leaks).toEqual([]);
  });
});

describe('images of any kind are limited in pixels (4096 a side, 16 Mpx a frame, 64 Mpx over an animation)', () => {
  let t: WatchedApp;
  let gold: SignedIn;
  const incomingEmpty = () => eventually(async () => (await filesUnder(path.join(t.settings.uploadDir, '.incoming'))).length === 0, 3000);
  const postFile = (bytes: Buffer, filename: string) => gold.agent.post('/api/posts').field('content', 'pixels').attach('file', bytes, { filename, contentType: 'image/png' });

  beforeAll(async () => {
    t = await bootWatched({ UPLOAD_DIR: `${process.env.UPLOAD_DIR}-pixels` });
    gold = await signUp(t, { groupId: 7 });
  });
  afterAll(() => t?.close());

  it.each<[string, () => Promise<Buffer> | Buffer, string]>([
    ['a PNG 5000 px wide (above 4096 a side)', () => flatImage(5000, 10), 'wide.png'],
    ['a 4000×4001 PNG (16.0 Mpx and a bit, above 16 Mpx a frame)', () => flatImage(4000, 4001), 'big.png'],
    ['a JPEG 10 px wide and 4097 px high', () => flatImage(10, 4097, 'jpeg'), 'tall.jpg'],
    ['a WebP 4097 px wide', () => flatImage(4097, 10, 'webp'), 'wide.webp'],
    ['a GIF 5000 px wide', () => flatGif(5000, 10, 1), 'wide.gif'],
    ['a one-frame GIF of 4000×4001', () => flatGif(4000, 4001, 1), 'big.gif'],
    ['an animated GIF of 17 frames of 2000×2000 (4 Mpx each, 68 Mpx in all)', () => flatGif(2000, 2000, 17), 'long.gif'],
  ])('%s is a 415 from the catalogue, posts nothing and leaves nothing in .incoming', async (_what, make, filename) => {
    const [posts, media] = [await countRows(t, 'posts'), await countRows(t, 'media')];
    const res = await postFile(await make(), filename);
    expect({ status: res.status, body: res.body }).toEqual({ status: 415, body: { success: false, statusCode: 415, error: MESSAGES.http.imageTooManyPixels } });
    expect([await countRows(t, 'posts'), await countRows(t, 'media')]).toEqual([posts, media]);
    expect(await incomingEmpty()).toBe(true);
  });

  it('a profile image is held to the same limits', async () => {
    const res = await gold.agent.put(`/api/profile/${gold.user.username}`).attach('thumbnail', await flatImage(5000, 10, 'png', 1), 'wide.png');
    expect([res.status, res.body.error]).toEqual([415, MESSAGES.http.imageTooManyPixels]);
    expect(await incomingEmpty()).toBe(true);
  });

  it('the limits are exact: a 4096×3900 JPEG and a GIF of 16 frames of 2000×2000 (64 Mpx) are accepted, 4097 px or one frame more are not', async () => {
    const still = await postFile(await flatImage(4096, 3900, 'jpeg', 2), 'edge.jpg');
    expect(still.status).toBe(201);
    const gif = await postFile(flatGif(2000, 2000, 16), 'edge.gif');
    expect(gif.status).toBe(201);
    expect(gif.body.media).toEqual(expect.objectContaining({ width: 2000, height: 2000 }));
    expect((await postFile(await flatImage(4097, 3900, 'jpeg', 3), 'over.jpg')).status).toBe(415);
    expect((await postFile(flatGif(2000, 2000, 17), 'over.gif')).status).toBe(415);
  });
});
