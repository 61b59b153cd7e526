import type { ArgumentsHost } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { APP_CLIENT_HEADER, MESSAGES, VIDEO_POSTER } from '@cloud9/contracts';
import { ErrorsFilter } from '../../src/common/errors.filter';
import { LINGER } from '../../src/common/lingering-close';
import { bootApp, TestApp } from '../support/app';
import { bigPngLike, countRows, eventually, filesUnder, signInCookie } from '../support/harness';
import { form, part } from '../support/hostile-requests';
import { destroyRawConnections, head, openRaw } from '../support/raw-http';

const TB = 1024 ** 4;
const KB = 1024;
const BOUNDARY = 'hostileBoundary42';
const NOT_AN_IMAGE = Buffer.from('plain text pretending to be a picture');
const asBytes = ((body: Buffer) => body) as unknown as (body: unknown) => string;

/**
 * Bad input is a 4xx with a catalogue message and writes nothing; size and
 * time limits end requests early. One listening app with short server timeouts for the raw-socket tests.
 */
describe('hostile input and request limits', () => {
  let t: TestApp;
  let port: number;
  let basic: { id: number; username: string; cookie: string };
  let gold: { id: number; username: string; cookie: string };
  let staff: { id: number; username: string; cookie: string };
  let admin: { id: number; username: string; cookie: string };
  let postId: number;

  const api = () => request(t.app.getHttpServer() as Server);
  const incoming = async () => (await filesUnder(t.settings.uploadDir)).filter((f) => f.startsWith('.incoming'));
  const noIncomingFiles = () => eventually(async () => (await incoming()).length === 0, 3000);
  const counts = async () => ({ posts: await countRows(t, 'posts'), media: await countRows(t, 'media'), likes: await countRows(t, 'likes'), reposts: await countRows(t, 'reposts') });

  const signIn = (groupId: number) => signInCookie(t, groupId, 'hostile');

  beforeAll(async () => {
    t = await bootApp({
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '3000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
      HTTP_MAX_HEADER_BYTES: '8192', // half Node's default, so the tests tell this server from a default one
      UPLOAD_DIR: `${process.env.UPLOAD_DIR}-hostile`,
    });
    await t.app.listen(0, '127.0.0.1');
    port = ((t.app.getHttpServer() as Server).address() as AddressInfo).port;
    [basic, gold, staff, admin] = [await signIn(5), await signIn(7), await signIn(2), await signIn(1)];
    postId = (await api().post('/api/posts').set('Cookie', staff.cookie).send({ content: 'a post to react to' }).expect(201)).body.id;
  });
  afterEach(destroyRawConnections);
  afterAll(() => t?.close());

  describe('malformed multipart is a 4xx, writes nothing and leaves no file', () => {
    const file = (name: string) => part([`Content-Disposition: form-data; name="file"; filename="${name}"`, 'Content-Type: image/png'], NOT_AN_IMAGE);
    const content = (value: string | Buffer) => part(['Content-Disposition: form-data; name="content"'], value);
    const whole = form(BOUNDARY, [content('hello'), file('x.png')]);
    const cases: [string, string, Buffer, number, string][] = [
      ['a truncated body', `multipart/form-data; boundary=${BOUNDARY}`, whole.subarray(0, whole.length - 30), 400, MESSAGES.http.invalidMultipart],
      ['a boundary the body does not use', `multipart/form-data; boundary=${BOUNDARY}X`, whole, 400, MESSAGES.http.invalidMultipart],
      ['no boundary at all', 'multipart/form-data', whole, 400, MESSAGES.http.invalidMultipart],
      ['multipart/mixed', `multipart/mixed; boundary=${BOUNDARY}`, whole, 415, MESSAGES.http.unsupportedBodyType],
      ['multipart/related', `multipart/related; boundary=${BOUNDARY}`, whole, 415, MESSAGES.http.unsupportedBodyType],
      ['a NUL in the file name', `multipart/form-data; boundary=${BOUNDARY}`, form(BOUNDARY, [content('hello'), file('a\u0000b.png')]), 400, MESSAGES.http.invalidMultipart],
      ['control characters in the file name', `multipart/form-data; boundary=${BOUNDARY}`, form(BOUNDARY, [content('hello'), file('\u001b[2Jx\u0007.png')]), 400, MESSAGES.http.invalidMultipart],
      ['an RFC 5987 file name that decodes to a NUL', `multipart/form-data; boundary=${BOUNDARY}`, form(BOUNDARY, [part([`Content-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.png`], NOT_AN_IMAGE)]), 400, MESSAGES.http.invalidMultipart],
      ['a control character in a field name', `multipart/form-data; boundary=${BOUNDARY}`, form(BOUNDARY, [part(['Content-Disposition: form-data; name="con\u0001tent"'], 'hello')]), 400, MESSAGES.http.invalidMultipart],
      ['a NUL in a part header', `multipart/form-data; boundary=${BOUNDARY}`, form(BOUNDARY, [part(['Content-Disposition: form-data; name="content"', 'X-\u0000: y'], 'hello')]), 400, MESSAGES.http.invalidMultipart],
      ['a NUL in a field value', `multipart/form-data; boundary=${BOUNDARY}`, form(BOUNDARY, [content('a\u0000b'), file('x.png')]), 400, MESSAGES.http.invalidCharacters],
      ['a field name with brackets (nesting)', `multipart/form-data; boundary=${BOUNDARY}`, form(BOUNDARY, [part(['Content-Disposition: form-data; name="content[a][b]"'], 'hello')]), 400, MESSAGES.http.invalidMultipart],
    ];

    it.each(cases)('%s', async (_what, type, body, status, message) => {
      const before = await counts();
      const res = await api().post('/api/posts').set('Cookie', basic.cookie).set('Content-Type', type).send(body);
      expect([res.status, res.body]).toEqual([status, { success: false, error: message, statusCode: status }]);
      expect(await counts()).toEqual(before);
      expect(await noIncomingFiles()).toBe(true);
    });

    it('the same holds on the profile form (two image fields)', async () => {
      const res = await api()
        .put(`/api/users/${basic.username}`)
        .set('Cookie', basic.cookie)
        .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
        .send(form(BOUNDARY, [part([`Content-Disposition: form-data; name="thumbnail"; filename="a\u0000.png"`], NOT_AN_IMAGE)]));
      expect([res.status, res.body.error]).toEqual([400, MESSAGES.http.invalidMultipart]);
      expect(await noIncomingFiles()).toBe(true);
    });
  });

  describe('NUL bytes, lone surrogates and bad escapes are a 400 before anything reaches PostgreSQL', () => {
    it.each([
      ['GET', '/api/profile/a%00b'],
      ['GET', '/api/users/a%00b/replies'],
      ['GET', '/api/search/user/%00'],
      ['GET', '/api/search/user/%ED%A0%80'],
      ['GET', '/api/search/posts?query=a%00b'],
      ['GET', '/api/search/posts?query=%FF'],
      ['GET', '/api/search/posts?query=%C0%AF'],
      ['GET', '/api/search/posts?query=100%'],
      ['GET', '/api/posts?search=%ED%B0%80'],
      ['GET', '/api/posts?%00=1'],
      ['GET', '/api/admin/queues/%00'],
      ['POST', '/api/posts/1/like%00'],
    ])('%s %s', async (method, path) => {
      const res = await api()[method === 'GET' ? 'get' : 'post'](path).set('Cookie', admin.cookie);
      expect([res.status, res.body]).toEqual([400, { success: false, error: MESSAGES.http.invalidCharacters, statusCode: 400 }]);
    });

    it.each([
      ['a NUL in a JSON username (login)', '/api/login', '{"username":"a\\u0000b","password":"whatever-123"}'],
      ['a lone high surrogate in a JSON password (login)', '/api/login', '{"username":"someone","password":"x\\ud800y-123456"}'],
      ['a lone low surrogate in a JSON key', '/api/users', '{"\\udc00":"x","username":"abc_def"}'],
    ])('%s', async (_what, path, body) => {
      const res = await api().post(path).set('Content-Type', 'application/json').send(body);
      expect([res.status, res.body.error]).toEqual([400, MESSAGES.http.invalidCharacters]);
    });

    it('refuses a post whose JSON content carries a NUL, a lone surrogate or bytes that are not UTF-8, writing nothing', async () => {
      const before = await counts();
      for (const body of ['{"content":"a\\u0000b"}', '{"content":"\\ud800"}', '{"content":"x\\udfffy"}'].map((s) => Buffer.from(s)).concat(
        [[0xff], [0xed, 0xa0, 0x80], [0xc0, 0xaf]].map((bad) => Buffer.concat([Buffer.from('{"content":"a'), Buffer.from(bad), Buffer.from('"}')])),
      )) {
        // As bytes: superagent would otherwise serialise a Buffer as JSON.
        const res = await api().post('/api/posts').set('Cookie', basic.cookie).set('Content-Type', 'application/json').serialize(asBytes).send(body);
        expect([body.toString('latin1'), res.status, res.body.error]).toEqual([body.toString('latin1'), 400, MESSAGES.http.invalidCharacters]);
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses URL-encoded form fields with a NUL, an encoded surrogate or a broken escape, writing nothing', async () => {
      const before = await counts();
      for (const body of ['content=a%00b', 'content=%ED%A0%80', 'content=%', 'content=%zz', 'content=%FF', 'con%00tent=hello']) {
        const res = await api().post('/api/posts').set('Cookie', basic.cookie).set('Content-Type', 'application/x-www-form-urlencoded').send(body);
        expect([body, res.status, res.body.error]).toEqual([body, 400, MESSAGES.http.invalidCharacters]);
      }
      expect(await counts()).toEqual(before);
      const ok = await api().post('/api/posts').set('Cookie', basic.cookie).set('Content-Type', 'application/x-www-form-urlencoded').send('content=caf%C3%A9+%F0%9F%98%80');
      expect([ok.status, ok.body.content]).toEqual([201, 'café 😀']);
    });

    it('still takes ordinary non-ASCII text everywhere', async () => {
      await api().get('/api/search/posts?query=caf%C3%A9').expect(200);
      const res = await api().post('/api/posts').set('Cookie', basic.cookie).send({ content: 'Zürich, 東京, emoji 😀 and RTL \u202e' }).expect(201);
      expect(res.body.content).toBe('Zürich, 東京, emoji 😀 and RTL \u202e');
    });
  });

  describe('deep JSON is refused before anything recurses', () => {
    const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

    it.each([
      ['/api/users', `{"username":${arrays(33)}}`],
      ['/api/users', `{"username":${arrays(49_000)}}`],
      ['/api/login', `{"username":${arrays(49_000)},"password":"x"}`],
      ['/api/login', objects(16_000)],
      ['/api/users', `{"a":${objects(32)}}`],
    ])('%s with nesting past 32 levels: 400', async (path, body) => {
      expect(body.length).toBeLessThan(100 * KB);
      const before = await countRows(t, 'users');
      const res = await api().post(path).set('Content-Type', 'application/json').send(body);
      expect([res.status, res.body]).toEqual([400, { success: false, error: MESSAGES.http.bodyTooDeep, statusCode: 400 }]);
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('32 levels are still parsed (and then judged by the DTO)', async () => {
      const res = await api().post('/api/users').set('Content-Type', 'application/json').send(`{"username":${arrays(31)}}`);
      expect([res.status, res.body.error]).toEqual([400, MESSAGES.auth.usernameRequired]);
    });
  });

  describe('wrong JSON types are a 400 for every field', () => {
    it('{"username": null} on like, repost, reply and post', async () => {
      const before = await counts();
      for (const [path, extra] of [[`/api/posts/${postId}/like`, {}], [`/api/posts/${postId}/repost`, {}], [`/api/posts/${postId}/reply`, { content: 'hi' }], ['/api/posts', { content: 'hi' }]] as const) {
        const res = await api().post(path).set('Cookie', basic.cookie).send({ ...extra, username: null });
        expect([path, res.status, res.body.success]).toEqual([path, 400, false]);
      }
      expect(await counts()).toEqual(before);
    });

    it('{"userId": {"toString": "x"}} on a boost request, and objects as actor ids anywhere', async () => {
      const cases: [string, string, string, object][] = [
        ['post', '/api/boost/request', basic.cookie, { userId: { toString: 'x' }, postId }],
        ['post', '/api/boost/request', basic.cookie, { userId: basic.id, postId: { valueOf: 'x' } }],
        ['put', `/api/posts/${postId}/edit`, staff.cookie, { content: 'edited', userId: { toString: 'x' } }],
        ['post', '/api/notifications/posts', staff.cookie, { message: 'notice', user_id: { toString: 'x' } }],
        ['post', '/api/admin/reset-password', admin.cookie, { username: basic.username, newPassword: 'new-password-1', adminId: { toString: 'x' } }],
      ];
      for (const [method, path, cookie, body] of cases) {
        const res = await (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).set('Cookie', cookie).send(body);
        expect([path, res.status, res.body.success]).toEqual([path, 400, false]);
      }
      await api().get('/api/me').set('Cookie', basic.cookie).expect(200); // the reset did not happen
    });

    it.each([
      ['null', null],
      ['a number', 42],
      ['a boolean', true],
      ['an array', ['x']],
      ['an object', { a: 'b' }],
    ])('%s where a string is expected', async (_what, value) => {
      const before = await counts();
      const sends: [string, string, string, object][] = [
        ['post', '/api/posts', basic.cookie, { content: value }],
        ['post', '/api/posts', basic.cookie, { content: 'x', category: value }],
        // (a null gif is the composer's "no GIF": see below)
        ...(value === null ? [] : [['post', '/api/posts', basic.cookie, { content: 'x', gif: value }] as [string, string, string, object]]),
        ['post', `/api/posts/${postId}/reply`, basic.cookie, { content: value }],
        ['put', `/api/users/${basic.username}`, basic.cookie, { bio: value }],
        ['post', '/api/login', '', { username: value, password: 'whatever-123' }],
        ['post', '/api/notifications/seen', basic.cookie, { kind: value }],
        ['post', '/api/admin/orphaned-uploads/delete', admin.cookie, { names: Array.isArray(value) ? [value] : value }],
      ];
      for (const [method, path, cookie, body] of sends) {
        const res = await (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).set('Cookie', cookie).send(body);
        expect([path, JSON.stringify(body), res.status]).toEqual([path, JSON.stringify(body), 400]);
      }
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['a string of letters', 'abc'],
      ['a fraction', 1.5],
      ['an exponent string', '1e3'],
      ['a hex string', '0x10'],
      ['a boolean', true],
      ['null', null],
      ['an array', [5]],
      ['an object', { n: 5 }],
    ])('%s where an id is expected', async (_what, value) => {
      const [follows, boosts] = [await countRows(t, 'follows'), await countRows(t, 'boosts')];
      for (const [path, body] of [['/api/follow', { followerId: basic.id, followedId: value }], ['/api/boost/request', { userId: basic.id, postId: value }]] as const) {
        const res = await api().post(path).set('Cookie', basic.cookie).send(body);
        expect([path, res.status]).toEqual([path, 400]);
      }
      expect([await countRows(t, 'follows'), await countRows(t, 'boosts')]).toEqual([follows, boosts]);
    });

    it('null is "none" only where the contract says so: a post\'s gif', async () => {
      const res = await api().post('/api/posts').set('Cookie', basic.cookie).send({ content: 'no gif here', gif: null }).expect(201);
      expect(res.body.gif_url).toBeNull();
    });

    it('a JSON body must be an object', async () => {
      for (const body of ['[{"username":"abc_def"}]', '"abc"', '42', 'null']) {
        const res = await api().post('/api/login').set('Content-Type', 'application/json').send(body);
        expect([body, res.status, res.body.error]).toEqual([body, 400, MESSAGES.http.bodyMustBeObject]);
      }
    });

    it('__proto__ and constructor keys smuggle nothing in', async () => {
      const before = await counts();
      const res = await api().post('/api/posts').set('Cookie', basic.cookie).set('Content-Type', 'application/json').send('{"__proto__":{"content":"smuggled"},"constructor":{"prototype":{"content":"smuggled"}}}');
      expect([res.status, res.body.error]).toEqual([400, MESSAGES.post.contentRequired]);
      expect(await counts()).toEqual(before);
      expect(({} as Record<string, unknown>).content).toBeUndefined();
    });

    it('query numbers are digits only: no exponent, hex or blank converted behind the scenes', async () => {
      for (const limit of ['1e1', '0x10', '%205', '5.0', '-1', '0']) await api().get(`/api/posts?limit=${limit}`).expect(400);
      await api().get('/api/posts?limit=5').expect(200);
      for (const limit of ['1e1', '0x10', '%205']) await api().get(`/api/admin/users?limit=${limit}`).set('Cookie', admin.cookie).set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value).expect(400);
      await api().get('/api/admin/users?limit=5').set('Cookie', admin.cookie).set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value).expect(200);
    });

    it('bodies of other types are 415 and never read; a body on a GET is ignored', async () => {
      for (const type of ['text/plain', 'application/xml', 'application/json; charset=latin1', 'application/vnd.api+json']) {
        const res = await api().post('/api/login').set('Content-Type', type).send('{"username":"a","password":"b"}');
        expect([type, res.status, res.body.error]).toEqual([type, 415, MESSAGES.http.unsupportedBodyType]);
      }
      const gzip = await api().post('/api/login').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{}');
      expect(gzip.status).toBe(415);
      await api().get('/api/health').set('Content-Type', 'application/json').send('{not json').expect(200);
    });
  });

  describe('ids out of range are a 400', () => {
    it.each(['0', '-1', '00', '01', '1.5', '1e3', '1e400', '2147483648', '99999999999999999999', '%201', '1%20', '0x1', 'NaN'])('GET /api/posts/%s', async (id) => {
      const res = await api().get(`/api/posts/${id}`);
      expect([res.status, res.body.error]).toEqual([400, MESSAGES.http.invalidId]);
    });

    it('the largest id is well-formed (404 when no row has it)', async () => {
      await api().get('/api/posts/2147483647').expect(404);
      await api().delete('/api/users/2147483647').set('Cookie', admin.cookie).expect(404);
    });

    it.each([['0', 0], ['-1', -1], ['1.5', 1.5], ['2^31', 2 ** 31], ['2^53 + 2', 2 ** 53 + 2], ['1e400', '1e400']])('body id %s', async (_what, value) => {
      const body = `{"followerId":${basic.id},"followedId":${value}}`;
      const res = await api().post('/api/follow').set('Cookie', basic.cookie).set('Content-Type', 'application/json').send(body);
      expect([res.status, res.body.error]).toEqual([400, MESSAGES.follow.invalidId]);
    });
  });

  describe('size limits end requests early', () => {
    it.each([
      ['a JSON body', 'POST /api/users HTTP/1.1', { 'Content-Type': 'application/json' }, 413, MESSAGES.http.bodyTooLarge],
      ['a form body', 'POST /api/login HTTP/1.1', { 'Content-Type': 'application/x-www-form-urlencoded' }, 413, MESSAGES.http.bodyTooLarge],
      ['a body of another type', 'POST /api/logout HTTP/1.1', { 'Content-Type': 'text/plain' }, 413, MESSAGES.http.bodyTooLarge],
      ['a body on a GET', 'GET /api/health HTTP/1.1', { 'Content-Type': 'application/json' }, 413, MESSAGES.http.bodyTooLarge],
      ['an anonymous upload', 'POST /api/posts HTTP/1.1', { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, 401, MESSAGES.auth.notSignedIn],
    ])('%s declared as 1 TB: answered at once without reading, connection closed', async (_what, line, headers, status, message) => {
      const conn = await openRaw(port);
      await conn.write(head(line, { Host: 'localhost', 'Content-Length': TB, ...headers }));
      expect(await conn.closedWithin(2000)).toBe(true);
      expect(conn.text()).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(conn.text()).toMatch(/\r\nconnection: close\r\n/i);
      expect(conn.text()).toContain(JSON.stringify(message));
    });

    describe('after a refusal the rest of the body is read and dropped, within bounds (a lingering close)', () => {
      /** An anonymous upload declared as 1 TB (401 at once), then `piece` every `everyMs` until the server closes. */
      async function sendOn(piece: Buffer, everyMs: number) {
        const conn = await openRaw(port, { halfOpen: true });
        await conn.write(head('POST /api/posts HTTP/1.1', { Host: 'localhost', 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': TB }));
        expect(await conn.until(() => conn.text().includes('\r\n\r\n{'), 2000)).toBe(true);
        const answeredAt = Date.now();
        let sentAfter = 0;
        while (conn.closedAfter() === null && Date.now() - answeredAt < 15_000) {
          if (!(await conn.write(piece))) break;
          sentAfter += piece.length;
          if (everyMs) await new Promise((r) => setTimeout(r, everyMs));
        }
        expect(await conn.closedWithin(2000)).toBe(true);
        expect(conn.text()).toMatch(/^HTTP\/1\.1 401 /);
        return { lingeredMs: Date.now() - answeredAt, sentAfter };
      }

      it('a client that goes on sending slowly, never idle, is read on, then cut by the time bound', async () => {
        const { lingeredMs } = await sendOn(Buffer.alloc(4 * KB, 0x41), 100);
        // LINGER.ms, or HTTP_REQUEST_TIMEOUT_MS (3 s here) counted from the request's start, whichever ends first.
        expect(lingeredMs).toBeGreaterThan(2000);
        expect(lingeredMs).toBeLessThan(LINGER.ms + 3000);
      });

      it('a client that goes on sending at full speed is cut after about LINGER.bytes more', async () => {
        const { lingeredMs, sentAfter } = await sendOn(Buffer.alloc(256 * KB, 0x41), 0);
        expect(lingeredMs).toBeLessThan(LINGER.ms + 3000);
        // The server read LINGER.bytes after its answer, so at least that much was sent; more only by what the
        // kernel's buffers on both sides took in (a few MB on loopback).
        expect(sentAfter).toBeGreaterThan(LINGER.bytes);
        expect(sentAfter).toBeLessThan(LINGER.bytes + 24 * 1024 * KB);
      });
    });

    it("an upload declared larger than the user's plan allows: 413 at once, connection closed", async () => {
      // Basic: one file of 2048 KB, a video's poster frame of up to 2 MB and 64 KB of form overhead on POST /api/posts.
      const conn = await openRaw(port);
      await conn.write(head('POST /api/posts HTTP/1.1', { Host: 'localhost', Cookie: basic.cookie, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': 2112 * KB + VIDEO_POSTER.maxBytes + 1 }));
      expect(await conn.closedWithin(2000)).toBe(true);
      expect(conn.text()).toMatch(/^HTTP\/1\.1 413 /);
      expect(conn.text()).toContain(JSON.stringify(MESSAGES.http.tooLarge));
    });

    it("the same size is within a Gold user's plan: the upload is read and judged (415, not an image)", async () => {
      const body = form(BOUNDARY, [part(['Content-Disposition: form-data; name="file"; filename="big.png"'], bigPngLike(2100 * KB))]);
      const res = await api().post('/api/posts').set('Cookie', gold.cookie).set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`).send(body);
      expect(res.status).toBe(415);
      expect(await noIncomingFiles()).toBe(true);
    });

    it('an upload that crosses the plan limit while streaming gets 413 before the client has sent it all; nothing stays on disk', async () => {
      const before = await counts();
      const fileBytes = 2048 * KB + 40 * KB;
      const opening = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), part(['Content-Disposition: form-data; name="file"; filename="big.png"', 'Content-Type: image/png'], '')]);
      const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      const file = bigPngLike(fileBytes);
      const firstPart = 2048 * KB + 16 * KB; // past the limit, short of the whole file
      const conn = await openRaw(port);
      await conn.write(
        head('POST /api/posts HTTP/1.1', {
          Host: 'localhost',
          Cookie: basic.cookie,
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length': opening.length + fileBytes + closing.length,
        }),
      );
      await conn.write(opening);
      await conn.write(file.subarray(0, firstPart));
      // The rest of the file and the closing boundary are still unsent: the answer must not wait for them.
      expect(await conn.until(() => conn.text().includes('\r\n\r\n{'), 3000)).toBe(true);
      expect(conn.text()).toMatch(/^HTTP\/1\.1 413 /);
      expect(conn.text()).toContain(JSON.stringify(MESSAGES.http.tooLarge));
      expect(await conn.closedWithin(2000)).toBe(true);
      expect(await noIncomingFiles()).toBe(true);
      expect(await counts()).toEqual(before);
    });

    it('a chunked JSON body that passes 100 kB gets 413 before it ends', async () => {
      const conn = await openRaw(port);
      await conn.write(head('POST /api/users HTTP/1.1', { Host: 'localhost', 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }));
      const chunk = (s: string) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;
      await conn.write(chunk('{"username":"'));
      for (let i = 0; i < 8; i++) await conn.write(chunk('x'.repeat(16 * KB)));
      expect(await conn.until(() => conn.text().includes('\r\n\r\n'), 3000)).toBe(true);
      expect(conn.text()).toMatch(/^HTTP\/1\.1 413 /);
      expect(await conn.closedWithin(2000)).toBe(true);
    });
  });

  describe('time and header limits of the HTTP server', () => {
    it('headers sent too slowly (slowloris) get 408 and the connection closes', async () => {
      const conn = await openRaw(port);
      await conn.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      for (let i = 0; i < 25 && conn.closedAfter() === null; i++) {
        await new Promise((r) => setTimeout(r, 200));
        await conn.write(`X-Slow-${i}: yes\r\n`);
      }
      expect(await conn.closedWithin(1000)).toBe(true);
      expect(conn.closedAfter()).toBeLessThan(4000); // HTTP_HEADERS_TIMEOUT_MS=1000 here
      expect(conn.text()).toMatch(/^HTTP\/1\.1 408 /);
    });

    it('a request whose body trickles past HTTP_REQUEST_TIMEOUT_MS gets 408 and the connection closes', async () => {
      const conn = await openRaw(port);
      await conn.write(head('POST /api/login HTTP/1.1', { Host: 'localhost', 'Content-Type': 'application/json', 'Content-Length': 200 }));
      for (let i = 0; i < 40 && conn.closedAfter() === null; i++) {
        await new Promise((r) => setTimeout(r, 250));
        await conn.write(' ');
      }
      expect(await conn.closedWithin(1000)).toBe(true);
      expect(conn.closedAfter()).toBeLessThan(7000); // HTTP_REQUEST_TIMEOUT_MS=3000 here
      expect(conn.text()).toMatch(/^HTTP\/1\.1 408 /);
    });

    it('headers above HTTP_MAX_HEADER_BYTES get 431; below it they are served', async () => {
      const big = await openRaw(port);
      await big.write(head('GET /api/health HTTP/1.1', { Host: 'localhost', 'X-Big': 'a'.repeat(12 * KB) }));
      expect(await big.closedWithin(2000)).toBe(true);
      expect(big.text()).toMatch(/^HTTP\/1\.1 431 /);
      const fine = await openRaw(port);
      await fine.write(head('GET /api/health HTTP/1.1', { Host: 'localhost', 'X-Big': 'a'.repeat(6 * KB), Connection: 'close' }));
      expect(await fine.closedWithin(2000)).toBe(true);
      expect(fine.text()).toMatch(/^HTTP\/1\.1 200 /);
    });

    it('an idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
      const conn = await openRaw(port);
      await conn.write(head('GET /api/health HTTP/1.1', { Host: 'localhost' }));
      expect(await conn.until(() => conn.text().includes('"status"'), 2000)).toBe(true);
      expect(await conn.closedWithin(2500)).toBe(true); // HTTP_KEEP_ALIVE_TIMEOUT_MS=500 here (Node's own default is 5 s)
    });

    it('Socket.IO is served by that same server (and its header limit)', async () => {
      const handshake = await openRaw(port);
      await handshake.write(head('GET /socket.io/?EIO=4&transport=polling HTTP/1.1', { Host: 'localhost', Connection: 'close' }));
      expect(await handshake.closedWithin(2000)).toBe(true);
      expect(handshake.text()).toMatch(/^HTTP\/1\.1 200 /);
      expect(handshake.text()).toContain('"sid"');
      const big = await openRaw(port);
      await big.write(head('GET /socket.io/?EIO=4&transport=polling HTTP/1.1', { Host: 'localhost', 'X-Big': 'a'.repeat(12 * KB) }));
      expect(await big.closedWithin(2000)).toBe(true);
      expect(big.text()).toMatch(/^HTTP\/1\.1 431 /);
    });
  });

  describe('the error filter maps the driver errors that are the client\'s doing to 400', () => {
    /** The status and body ErrorsFilter gives an exception. */
    function answer(exception: unknown): { status: number; body: unknown } {
      const out = { status: 0, body: undefined as unknown };
      const res = { headersSent: false, status: (code: number) => ((out.status = code), res), json: (body: unknown) => (out.body = body) };
      new ErrorsFilter().catch(exception, { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost);
      return out;
    }
    const failure = (sql: string) =>
      t.db.query(sql).then(
        () => {
          throw new Error(`${sql.slice(0, 80)} did not fail`);
        },
        (error: unknown) => error,
      );

    it.each([
      ['22021 character_not_in_repertoire', `SELECT convert_from('\\x610062'::bytea, 'UTF8')`],
      ['22P05 untranslatable_character', `SELECT convert_to('€', 'LATIN1')`],
      ['2201B invalid_regular_expression', `SELECT 'a' ~ '('`],
      ['22025 invalid_escape_sequence', `SELECT 'a' LIKE 'a' ESCAPE 'xx'`],
      ['54000 program_limit_exceeded', `SELECT repeat('x', 2000000000)`],
      ['54001 statement_too_complex', `SELECT 1${'+1'.repeat(20_000)}`],
    ])('%s', async (what, sql) => {
      const error = (await failure(sql)) as { driverError?: { code?: string } };
      expect(error.driverError?.code).toBe(what.split(' ')[0]);
      expect(answer(error)).toEqual({ status: 400, body: { success: false, error: MESSAGES.http.badRequest, statusCode: 400 } });
    });

    it('anything else stays a 500 with the catalogue message', async () => {
      const error = await failure('SELECT * FROM no_such_table');
      expect(answer(error)).toEqual({ status: 500, body: { success: false, error: MESSAGES.http.internal, statusCode: 500 } });
    });
  });
});
