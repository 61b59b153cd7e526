import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { MESSAGES } from '@cloud9/contracts';
import { bootApp, signUp, SignedIn, type TestApp } from '../support/app';
import { bigPngLike, bootWatched, countRows, eventually, filesUnder, signInCookie, tinyPng, uniquePng, WatchedApp } from '../support/harness';
import { form, part } from '../support/hostile-requests';
import { destroyRawConnections, head, openRaw, writeWholeThenRead } from '../support/raw-http';
import { DRIVERS, storeUnderTest, type StoreUnderTest } from '../support/storage-drivers';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');
const OVER_BASIC = Math.round(2.2 * 1024 * 1024); // > 2048 KB (Basic), < 8192 KB (Gold)
type Cookie = Awaited<ReturnType<typeof signInCookie>>;

describe.each(DRIVERS)('profile images (judged by their bytes, limited by plan; %s storage)', (driver) => {
  let store: StoreUnderTest;
  let t: WatchedApp;
  let user: SignedIn;

  const uploadDir = () => t.settings.uploadDir;
  const filesUnder = (dir: string) => store.files(dir);
  const isStored = async (url: string) => (await store.read(uploadDir(), url.replace(/^\/uploads\//, ''))) !== null;
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

  it('accepts a real PNG as thumbnail and serves it as image/png with nosniff', async () => {
    const png = tinyPng();
    const res = await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', png, { filename: 'me.png', contentType: 'image/png' }).expect(200);
    expect(res.body.thumbnail).toMatch(/^\/uploads\/[^/]+\.png$/);
    expect(res.body.thumbnail).not.toContain('me.png');
    expect(await thumbnailOf(user.user.id)).toBe(res.body.thumbnail);
    const me = await user.agent.get('/api/me').expect(200);
    expect(me.body.thumbnail).toBe(res.body.thumbnail);
    expect(await countRows(t, 'media', 'owner_id = $1 AND mime = $2', [user.user.id, 'image/png'])).toBe(1);

    const served = await t.request().get(res.body.thumbnail).expect(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Re-encoded without metadata: same pixel, not the same bytes.
    expect([...(await sharp(served.body as Buffer).raw().toBuffer())]).toEqual([0, 128, 255, 255]);
  });

  it('judges by bytes, not by name: a PNG named .txt and declared text/plain is stored as a PNG', async () => {
    const me = await signUp(t);
    const res = await me.agent
      .put(`/api/users/${me.user.username}`)
      .attach('background', tinyPng([255, 0, 0, 255]), { filename: 'notes.txt', contentType: 'text/plain' })
      .expect(200);
    expect(res.body.background).toMatch(/^\/uploads\/[^/]+\.png$/);
    const served = await t.request().get(res.body.background).expect(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
  });

  it('refuses HTML named x.png and declared image/png with 415, leaving the thumbnail and the stored files unchanged', async () => {
    const before = await thumbnailOf(user.user.id);
    expect(before).toMatch(/^\/uploads\//);
    const filesBefore = await filesUnder(uploadDir());
    const mediaBefore = await countRows(t, 'media');
    const res = await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', HTML, { filename: 'x.png', contentType: 'image/png' }).expect(415);
    expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.http.unsupportedImage }));
    expect(await thumbnailOf(user.user.id)).toBe(before);
    expect(await filesUnder(uploadDir())).toEqual(filesBefore);
    expect(await countRows(t, 'media')).toBe(mediaBefore);
    await t.request().get(before!).expect(200);
  });

  it('refuses an SVG with 415 and keeps no file', async () => {
    const filesBefore = await filesUnder(uploadDir());
    const res = await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', SVG, { filename: 'logo.svg', contentType: 'image/svg+xml' }).expect(415);
    expect(res.body.error).toBe(MESSAGES.http.unsupportedImage);
    expect(await filesUnder(uploadDir())).toEqual(filesBefore);
  });

  it('refuses audio as a profile image with 415 (images only)', async () => {
    const wav = readFileSync(path.join(__dirname, '../fixtures/media/audio.wav'));
    const res = await user.agent.put(`/api/users/${user.user.username}`).attach('background', wav, { filename: 'a.png', contentType: 'image/png' }).expect(415);
    expect(res.body.error).toBe(MESSAGES.http.unsupportedImage);
  });

  it('refuses a file over the Basic plan limit (2048 KB) with 413 and keeps no part of it', async () => {
    const before = await thumbnailOf(user.user.id);
    const filesBefore = await filesUnder(uploadDir());
    const res = await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', bigPngLike(OVER_BASIC), { filename: 'big.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(expect.objectContaining({ success: false, error: MESSAGES.http.tooLarge }));
    expect(await thumbnailOf(user.user.id)).toBe(before);
    expect(await eventually(async () => JSON.stringify(await filesUnder(uploadDir())) === JSON.stringify(filesBefore))).toBe(true);
  });

  it('lets a Gold user (8192 KB) upload the same 2.2 MB file', async () => {
    const gold = await signUp(t, { groupId: 7 });
    // Random pixels do not compress, so the PNG stays over the Basic limit.
    const big = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(OVER_BASIC);
    const res = await gold.agent.put(`/api/users/${gold.user.username}`).attach('thumbnail', big, { filename: 'big.png', contentType: 'image/png' }).expect(200);
    expect(res.body.thumbnail).toMatch(/^\/uploads\/[^/]+\.png$/);
    expect(await isStored(res.body.thumbnail)).toBe(true);
    const [media] = await t.db.query('SELECT bytes FROM media WHERE owner_id = $1', [gold.user.id]);
    expect(media.bytes).toBeGreaterThan(OVER_BASIC);
  });

  it('replacing the thumbnail removes the old file from the store and its media row', async () => {
    const me = await signUp(t);
    const first = await me.agent.put(`/api/users/${me.user.username}`).attach('thumbnail', uniquePng(), 'a.png').expect(200);
    expect(await isStored(first.body.thumbnail)).toBe(true);
    const second = await me.agent.put(`/api/users/${me.user.username}`).attach('thumbnail', uniquePng(), 'b.png').expect(200);
    expect(second.body.thumbnail).not.toBe(first.body.thumbnail);
    expect(await isStored(first.body.thumbnail)).toBe(false);
    expect(await isStored(second.body.thumbnail)).toBe(true);
    await t.request().get(first.body.thumbnail).expect(404);
    expect(await countRows(t, 'media', 'owner_id = $1', [me.user.id])).toBe(1);
  });

  it('keeps no uploaded file when the rest of the form is refused (password mismatch)', async () => {
    const me = await signUp(t);
    const filesBefore = await filesUnder(uploadDir());
    const res = await me.agent
      .put(`/api/users/${me.user.username}`)
      .field('password', 'new-password-1')
      .field('confirmPassword', 'new-password-2')
      .attach('thumbnail', tinyPng(), 'p.png')
      .expect(400);
    expect(res.body.error).toBe(MESSAGES.auth.passwordsDoNotMatch);
    expect(await thumbnailOf(me.user.id)).toBeNull();
    expect(await eventually(async () => JSON.stringify(await filesUnder(uploadDir())) === JSON.stringify(filesBefore))).toBe(true);
  });

  it('keeps neither file when one of two images is refused (good thumbnail, HTML background)', async () => {
    const me = await signUp(t);
    const filesBefore = await filesUnder(uploadDir());
    const mediaBefore = await countRows(t, 'media');
    const res = await me.agent
      .put(`/api/users/${me.user.username}`)
      .attach('thumbnail', tinyPng(), 'ok.png')
      .attach('background', HTML, { filename: 'bg.png', contentType: 'image/png' })
      .expect(415);
    expect(res.body.error).toBe(MESSAGES.http.unsupportedImage);
    const [row] = await t.db.query('SELECT thumbnail, background FROM users WHERE id = $1', [me.user.id]);
    expect(row).toEqual({ thumbnail: null, background: null });
    expect(await countRows(t, 'media')).toBe(mediaBefore);
    expect(await eventually(async () => JSON.stringify(await filesUnder(uploadDir())) === JSON.stringify(filesBefore))).toBe(true);
  });

  it('refuses an image under an unexpected field name with 400', async () => {
    const res = await user.agent.put(`/api/users/${user.user.username}`).attach('avatar', tinyPng(), 'p.png').expect(400);
    expect(res.body.success).toBe(false);
  });

  describe('PUT /api/profile/:username (images only)', () => {
    it('stores a thumbnail and answers {thumbnail, background}', async () => {
      const me = await signUp(t);
      const res = await me.agent.put(`/api/profile/${me.user.username}`).attach('thumbnail', tinyPng(), 't.png').expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['background', 'thumbnail']);
      expect(res.body.thumbnail).toMatch(/^\/uploads\/[^/]+\.png$/);
      expect(res.body.background).toBeNull();
      expect(await thumbnailOf(me.user.id)).toBe(res.body.thumbnail);
      const both = await me.agent
        .put(`/api/profile/${me.user.username}`)
        .attach('background', tinyPng([9, 9, 9, 255]), 'b.png')
        .expect(200);
      expect(both.body.thumbnail).toBe(res.body.thumbnail);
      expect(both.body.background).toMatch(/^\/uploads\/[^/]+\.png$/);
    });

    it('refuses another user with 403 and stores nothing', async () => {
      const victim = await signUp(t);
      const filesBefore = await filesUnder(uploadDir());
      const res = await user.agent.put(`/api/profile/${victim.user.username}`).attach('thumbnail', tinyPng(), 't.png').expect(403);
      expect(res.body.error).toBe(MESSAGES.profile.onlyOwnerEdits);
      expect(await thumbnailOf(victim.user.id)).toBeNull();
      expect(await filesUnder(uploadDir())).toEqual(filesBefore);
    });

    it('refuses an anonymous request with 401', async () => {
      await t.request().put(`/api/profile/${user.user.username}`).attach('thumbnail', tinyPng(), 't.png').expect(401);
    });
  });

  it('serves a stored file in ranges (video seeking), its size to a HEAD, 416 past its end and 304 to its ETag', async () => {
    const me = await signUp(t);
    const url = (await me.agent.put(`/api/users/${me.user.username}`).attach('thumbnail', uniquePng(), 'r.png').expect(200)).body.thumbnail as string;
    const whole = (await t.request().get(url).expect(200)).body as Buffer;
    expect(whole).toEqual(await store.read(uploadDir(), url.replace(/^\/uploads\//, '')));
    const part = await t.request().get(url).set('Range', 'bytes=2-9').expect(206);
    expect([part.headers['content-range'], part.headers['content-length']]).toEqual([`bytes 2-9/${whole.length}`, '8']);
    expect(part.body).toEqual(whole.subarray(2, 10));
    const tail = await t.request().get(url).set('Range', 'bytes=-4').expect(206);
    expect([tail.headers['content-range'], tail.body]).toEqual([`bytes ${whole.length - 4}-${whole.length - 1}/${whole.length}`, whole.subarray(-4)]);
    const head = await t.request().head(url).expect(200);
    expect([head.headers['content-length'], head.headers['content-type'], head.headers['cache-control']]).toEqual([String(whole.length), 'image/png', 'public, max-age=31536000, immutable']);
    await t.request().get(url).set('Range', `bytes=${whole.length + 10}-`).expect(416);
    const etag = (await t.request().get(url).expect(200)).headers.etag as string;
    expect(etag).toBeTruthy();
    await t.request().get(url).set('If-None-Match', etag).expect(304);
    // Scratch and dot-names are never served.
    await t.request().get('/uploads/.incoming/anything').expect(404);
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(15);
    expect(t.leaks).toEqual([]);
  });
});

describe('with the bucket away (s3 storage)', () => {
  let store: StoreUnderTest;
  let t: WatchedApp;
  let user: SignedIn;

  beforeAll(async () => {
    store = await storeUnderTest('s3');
    t = await bootWatched(store.env);
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  it('an upload answers a fast 503 with the catalogue message and keeps nothing; a stored file answers 503; both work again once it is back', async () => {
    const stored = (await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', uniquePng(), 'a.png').expect(200)).body.thumbnail as string;
    const mediaBefore = await countRows(t, 'media');
    await store.stop();
    try {
      const started = Date.now();
      const res = await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', uniquePng(), 'b.png');
      expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: { success: false, statusCode: 503, error: MESSAGES.http.serviceUnavailable } });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await countRows(t, 'media')).toBe(mediaBefore);
      const served = await t.request().get(stored);
      expect({ status: served.status, body: served.body }).toEqual({ status: 503, body: { success: false, statusCode: 503, error: MESSAGES.http.serviceUnavailable } });
    } finally {
      await store.start();
    }
    // Nothing of the refused upload was left in the scratch folder.
    expect((await store.files(t.settings.uploadDir)).filter((f) => f.startsWith('.incoming'))).toEqual([]);
    const again = await user.agent.put(`/api/users/${user.user.username}`).attach('thumbnail', uniquePng(), 'c.png').expect(200);
    await t.request().get(again.body.thumbnail).expect(200);
  });
});

describe('with a CDN in front (MEDIA_PUBLIC_URL)', () => {
  let t: WatchedApp;

  beforeAll(async () => {
    t = await bootWatched({ MEDIA_PUBLIC_URL: 'https://media.example.com/c9/' });
  });
  afterAll(() => t?.close());

  it('posts keep /uploads/ URLs, which answer a lasting redirect to the CDN; the pages may load media from it', async () => {
    const me = await signUp(t);
    const url = (await me.agent.put(`/api/users/${me.user.username}`).attach('thumbnail', uniquePng(), 'c.png').expect(200)).body.thumbnail as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    const res = await t.request().get(url).expect(301);
    expect([res.headers.location, res.headers['cache-control']]).toEqual([`https://media.example.com/c9${url.slice('/uploads'.length)}`, 'public, max-age=31536000, immutable']);
    await t.request().get('/uploads/.incoming/anything').expect(404);
    const csp = (await t.request().get('/')).headers['content-security-policy'] as string;
    expect(csp).toMatch(/img-src [^;]*https:\/\/media\.example\.com/);
    expect(csp).toMatch(/media-src [^;]*https:\/\/media\.example\.com/);
  });
});

describe('uploads are judged before they are read', () => {
  const KB = 1024;
  const BOUNDARY = 'judgedFirst28';
  const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
  let t: TestApp;
  let port: number;
  let silver: Cookie;
  let basic: Cookie;

  const incoming = async () => (await filesUnder(path.join(t.settings.uploadDir, '.incoming'))).length;
  const incomingEmpty = () => eventually(async () => (await incoming()) === 0, 3000);
  /** A post's form: some text and one file of `fileBytes` (a PNG by its first bytes). */
  const postForm = (fileBytes: number, field = 'file') =>
    form(BOUNDARY, [
      part(['Content-Disposition: form-data; name="content"'], 'judged before read'),
      part([`Content-Disposition: form-data; name="${field}"; filename="photo.png"`, 'Content-Type: image/png'], bigPngLike(fileBytes)),
    ]);
  const requestOf = (line: string, body: Buffer, cookie?: string) =>
    Buffer.concat([Buffer.from(head(line, { Host: 'localhost', ...(cookie ? { Cookie: cookie } : {}), 'Content-Type': MULTIPART, 'Content-Length': body.length })), body]);
  const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
  const jsonOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

  beforeAll(async () => {
    t = await bootApp({ UPLOAD_DIR: `${process.env.UPLOAD_DIR}-judged`, RATE_LIMIT_UPLOADS: '2/1h' });
    await t.app.listen(0, '127.0.0.1');
    port = ((t.app.getHttpServer() as Server).address() as AddressInfo).port;
    [silver, basic] = [await signInCookie(t, 6, 'judged'), await signInCookie(t, 5, 'judged')];
  });
  afterEach(destroyRawConnections);
  afterAll(() => t?.close());

  it("a Silver member's 4 MB + 1 byte photo, written whole before the answer is read, gets its 413 and JSON body (no reset); nothing stays in .incoming", async () => {
    const posts = await countRows(t, 'posts');
    const got = await writeWholeThenRead(port, requestOf('POST /api/posts HTTP/1.1', postForm(4096 * KB + 1), silver.cookie));
    expect({ error: got.error, status: statusOf(got.text) }).toEqual({ error: null, status: 413 });
    expect(jsonOf(got.text)).toEqual({ success: false, statusCode: 413, error: MESSAGES.http.tooLarge });
    expect(got.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(await incomingEmpty()).toBe(true);
    expect(await countRows(t, 'posts')).toBe(posts);
  });

  it('an anonymous notice upload, written whole before the answer is read, gets its 401 and JSON body (no reset)', async () => {
    const got = await writeWholeThenRead(port, requestOf('POST /api/notifications/posts HTTP/1.1', postForm(3 * 1024 * KB)));
    expect({ error: got.error, status: statusOf(got.text) }).toEqual({ error: null, status: 401 });
    expect(jsonOf(got.text)).toEqual({ success: false, statusCode: 401, error: MESSAGES.auth.notSignedIn });
  });

  it('a declared length above the plan is refused from its header, and the answer still reaches a client that writes it all first', async () => {
    // Basic: 2048 KB a file, so this body (over 4 MB) is refused before a byte of it is read.
    const got = await writeWholeThenRead(port, requestOf('POST /api/posts HTTP/1.1', postForm(4096 * KB), basic.cookie));
    expect({ error: got.error, status: statusOf(got.text) }).toEqual({ error: null, status: 413 });
    expect(jsonOf(got.text)).toEqual({ success: false, statusCode: 413, error: MESSAGES.http.tooLarge });
  });

  it("a Basic member's notice (notices are staff's) is refused with 403 before its body is sent, and nothing is written", async () => {
    const body = postForm(1536 * KB);
    const conn = await openRaw(port);
    await conn.write(head('POST /api/notifications/posts HTTP/1.1', { Host: 'localhost', Cookie: basic.cookie, 'Content-Type': MULTIPART, 'Content-Length': body.length }));
    await conn.write(body.subarray(0, 512 * KB));
    expect(await conn.until(() => conn.text().includes('\r\n\r\n{'), 3000)).toBe(true);
    expect(statusOf(conn.text())).toBe(403);
    expect(conn.text()).toContain(JSON.stringify(MESSAGES.notices.permissionDenied));
    expect(await incoming()).toBe(0);
    // The client sends no more: after a short linger the connection closes.
    expect(await conn.closedWithin(3000)).toBe(true);
  });

  it('an account with no uploads left (RATE_LIMIT_UPLOADS) is refused with 429 before its body is sent, and nothing is written', async () => {
    const me = await signInCookie(t, 5, 'judged');
    for (const colour of [1, 2]) {
      const res = await request(t.app.getHttpServer() as Server).post('/api/posts').set('Cookie', me.cookie).field('content', 'x').attach('file', tinyPng([colour, 0, 0, 255]), 'a.png');
      expect(res.status).toBe(201);
    }
    const body = postForm(1536 * KB);
    const conn = await openRaw(port);
    await conn.write(head('POST /api/posts HTTP/1.1', { Host: 'localhost', Cookie: me.cookie, 'Content-Type': MULTIPART, 'Content-Length': body.length }));
    await conn.write(body.subarray(0, 512 * KB));
    expect(await conn.until(() => conn.text().includes('\r\n\r\n{'), 3000)).toBe(true);
    expect(statusOf(conn.text())).toBe(429);
    expect(conn.text()).toContain(JSON.stringify(MESSAGES.rateLimit.uploads));
    expect(await incoming()).toBe(0);
  });

  it('a client that hangs up in the middle of its file leaves nothing in .incoming', async () => {
    const body = postForm(1536 * KB);
    const conn = await openRaw(port);
    await conn.write(head('POST /api/posts HTTP/1.1', { Host: 'localhost', Cookie: silver.cookie, 'Content-Type': MULTIPART, 'Content-Length': body.length }));
    await conn.write(body.subarray(0, 1024 * KB));
    // The file is being written when the client goes.
    expect(await eventually(async () => (await incoming()) > 0, 3000)).toBe(true);
    conn.socket.destroy();
    expect(await incomingEmpty()).toBe(true);
  });
});
