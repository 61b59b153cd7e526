import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { MESSAGES } from '@cloud9/contracts';
import { bootApp, PASSWORD, TestApp, uniqueName } from '../support/app';
import { countRows, eventually, filesUnder, sessionCookieOf, signInCookie } from '../support/harness';
import { part } from '../support/hostile-requests';
import { startPrivateRedis, type PrivateRedis } from '../support/private-services';
import { destroyRawConnections, head, openRaw } from '../support/raw-http';

const KB = 1024;
const BOUNDARY = 'qaBoundary7';

/**
 * Acceptance pass: gaps found by trying the contract from outside against a running app,
 * each kept here as the test that would have caught it.
 */
describe('acceptance findings', () => {
  let t: TestApp;
  let port: number;
  let basic: { id: number; username: string; cookie: string };

  const api = () => request(t.app.getHttpServer() as Server);
  const incoming = async () => (await filesUnder(t.settings.uploadDir)).filter((f) => f.startsWith('.incoming'));

  const signIn = (groupId: number) => signInCookie(t, groupId, 'qa');

  beforeAll(async () => {
    t = await bootApp({ UPLOAD_DIR: `${process.env.UPLOAD_DIR}-qa` });
    await t.app.listen(0, '127.0.0.1');
    port = ((t.app.getHttpServer() as Server).address() as AddressInfo).port;
    basic = await signIn(5);
  });
  afterEach(destroyRawConnections);
  afterAll(() => t?.close());

  describe('a chunked multipart body is cut off at what the form may carry, whatever part it is in', () => {
    // Basic: one 2048 KB file, a video's poster frame of up to 2 MB and 64 KB of form overhead on POST /api/posts. multer itself answers
    // these only once the whole body is read, and a chunked body has no length to refuse up front.
    const chunk = (data: Buffer | string) => Buffer.concat([Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
    const opening = (headers: string[]) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), part(headers, '')]);

    it.each([
      ['a file in a field the route does not take', ['Content-Disposition: form-data; name="media"; filename="a.gif"', 'Content-Type: image/gif']],
      ['a text field far above its size limit', ['Content-Disposition: form-data; name="content"']],
      ['a file whose name has a control character', ['Content-Disposition: form-data; name="file"; filename="a\u0001.gif"', 'Content-Type: image/gif']],
    ])('%s: 413 before the client has sent it all, connection closed, nothing on disk', async (_what, partHeaders) => {
      const before = await countRows(t, 'posts');
      const conn = await openRaw(port);
      await conn.write(head('POST /api/posts HTTP/1.1', { Host: 'localhost', Cookie: basic.cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Transfer-Encoding': 'chunked' }));
      await conn.write(chunk(opening(partHeaders)));
      const piece = Buffer.alloc(64 * KB, 0x41);
      // 8 MB, about twice what the form may carry; the client would go on for ever.
      for (let sent = 0; sent < 8192 * KB && !conn.text().includes('\r\n\r\n'); sent += piece.length) await conn.write(chunk(piece));
      expect(await conn.until(() => conn.text().includes('\r\n\r\n{'), 3000)).toBe(true);
      expect(conn.text()).toMatch(/^HTTP\/1\.1 413 /);
      expect(conn.text()).toContain(JSON.stringify(MESSAGES.http.tooLarge));
      expect(await conn.closedWithin(2000)).toBe(true);
      expect(await eventually(async () => (await incoming()).length === 0, 3000)).toBe(true);
      expect(await countRows(t, 'posts')).toBe(before);
    });
  });

  describe('a body declared as 1 TB outside /api is not read either', () => {
    it.each([
      ['to an unknown path', 'POST /nowhere HTTP/1.1', 'application/octet-stream', 413],
      ['to /uploads', 'PUT /uploads/x.png HTTP/1.1', 'image/png', 413],
      ['multipart, to a page', 'POST /profile/x HTTP/1.1', `multipart/form-data; boundary=${BOUNDARY}`, 404],
    ])('%s: answered at once, connection closed', async (_what, line, type, status) => {
      const conn = await openRaw(port);
      await conn.write(head(line, { Host: 'localhost', 'Content-Type': type, 'Content-Length': 1024 ** 4 }));
      expect(await conn.closedWithin(2000)).toBe(true);
      expect(conn.text()).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    });

    it('the app shell is still served', async () => {
      const res = await api().get('/profile/x').expect(200);
      expect(res.text).toContain('<div id="root">');
    });
  });

  describe('a silent Redis (SIGSTOP) under the default rate limits', () => {
    let redis: PrivateRedis;
    let app: TestApp;
    let cookie: string;
    let username: string;
    const UNAVAILABLE = { success: false, error: MESSAGES.http.serviceUnavailable, statusCode: 503 };

    beforeAll(async () => {
      redis = await startPrivateRedis({ appendonly: false });
      // The login path consults three limits before the session: each one Redis command.
      app = await bootApp({ REDIS_URL: redis.url, RATE_LIMIT_API_ANON: '300/5m', RATE_LIMIT_LOGIN_IP: '25/5m', RATE_LIMIT_LOGIN: '10/15m', RATE_LIMIT_API_USER: '1500/5m' });
      username = uniqueName('qa_silent');
      await request(app.app.getHttpServer() as Server).post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
      cookie = sessionCookieOf(await request(app.app.getHttpServer() as Server).post('/api/login').send({ username, password: PASSWORD }).expect(200));
    });
    afterAll(async () => {
      redis?.thaw();
      await app?.close();
      await redis?.stop();
    });

    it('a sign-in answers 503 within 1 s, not once per Redis command it would send; Redis back, it works again', async () => {
      const server = app.app.getHttpServer() as Server;
      redis.freeze();
      try {
        for (const send of [
          () => request(server).post('/api/login').send({ username, password: PASSWORD }),
          () => request(server).get('/api/me').set('Cookie', cookie),
        ]) {
          const started = Date.now();
          const res = await send();
          expect([res.status, res.body]).toEqual([503, UNAVAILABLE]);
          expect(Date.now() - started).toBeLessThan(1000);
        }
      } finally {
        redis.thaw();
      }
      expect(await eventually(async () => (await request(server).get('/api/me').set('Cookie', cookie)).status === 200, 2000)).toBe(true);
    });
  });
});
