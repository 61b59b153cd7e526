import { promises as fs } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Redis from 'ioredis';
import { io } from 'socket.io-client';
import request from 'supertest';
import { REDIS } from '../../src/common/redis.module';
import { bootApp, PASSWORD, signUp, SignedIn, TestApp } from '../support/app';
import { sessionCookieOf, sessionIdOf } from '../support/harness';
import { rawRequest, type RawAnswer } from '../support/raw-http';

const DAY = 24 * 3600 * 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The decoded body of an answer, by its Content-Encoding. */
function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  if (encoding === undefined) return answer.body.toString('utf8');
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

const varies = (answer: RawAnswer) => String(answer.headers.vary ?? '').split(/\s*,\s*/).map((v) => v.toLowerCase());

/** Text well over 1 KB that compresses well, like a bundle. */
const bundleText = (name: string) => `/* ${name} */\n` + Array.from({ length: 200 }, (_, i) => `export const value${i} = "cloud nine ${i}";`).join('\n');

/**
 * A stand-in build of the web app, laid out as `npm run build` writes it: hashed files under assets/,
 * each text file of 1 KB or more with a .br and a .gz copy beside it. The copies carry a marker line the
 * original lacks, so a test can tell a copy sent as it is from one compressed per request.
 */
async function fakeBuild(dir: string) {
  const dist = path.join(dir, 'dist');
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  await fs.mkdir(path.join(dist, 'images'), { recursive: true });
  const withCopies = async (file: string, text: string) => {
    await fs.writeFile(path.join(dist, file), text);
    await fs.writeFile(path.join(dist, `${file}.br`), brotliCompressSync(`${text}\n/* from the .br copy */`));
    await fs.writeFile(path.join(dist, `${file}.gz`), gzipSync(`${text}\n/* from the .gz copy */`));
  };
  const index = `<!doctype html><html><head><title>Cloud 9</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head>
<body><div id="root"></div><!-- ${'padding so the shell passes 1 KB '.repeat(40)} --></body></html>`;
  await withCopies('index.html', index);
  const bundle = bundleText('index bundle');
  await withCopies('assets/index-Ab12Cd34.js', bundle);
  // Below the threshold: no copies, and not compressed per request either.
  await fs.writeFile(path.join(dist, 'assets', 'tiny-Ef56Gh78.js'), 'console.log(1);');
  // Already compressed formats, big enough to pass the threshold.
  const noise = Buffer.alloc(4096, 7);
  await fs.writeFile(path.join(dist, 'images', 'photo.png'), Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), noise]));
  await fs.writeFile(path.join(dist, 'assets', 'font-Ij90Kl12.woff2'), Buffer.concat([Buffer.from('wOF2'), noise]));
  // An unhashed text file copied from public/: not immutable.
  await withCopies('images/logo.svg', `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${'x'.repeat(1500)} --></svg>`);
  return { dist, index, bundle };
}

describe('compression and caching', () => {
  let dir: string;
  let build: Awaited<ReturnType<typeof fakeBuild>>;
  let t: TestApp;
  let port: number;
  let member: SignedIn;
  let cookie: string;

  /** A request over a plain connection: the exact bytes and headers, nothing decoded. */
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`http://127.0.0.1:${port}${url}`, headers, method);

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-compression-'));
    build = await fakeBuild(dir);
    t = await bootApp({ FRONTEND_DIST: build.dist, UPLOAD_DIR: path.join(dir, 'uploads') });
    const server: Server = await t.app.listen(0, '127.0.0.1');
    port = (server.address() as AddressInfo).port;
    member = await signUp(t);
    // A feed page well over 1 KB.
    for (let i = 0; i < 6; i++) await member.agent.post('/api/posts').send({ content: `Above the clouds, post ${i}. `.repeat(8) }).expect(201);
    const login = await request(t.app.getHttpServer()).post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
    cookie = sessionCookieOf(login);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('API answers', () => {
    // The member's own posts: boosts pinned by other suites on the shared database stay out of the page.
    const feed = (acceptEncoding?: string) =>
      get(`/api/posts?limit=6&username=${member.user.username}`, { Cookie: cookie, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) });

    it('are brotli when brotli is accepted, gzip when only gzip is, and as they are when nothing is; all decode to the same JSON', async () => {
      const plain = await feed();
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const json = plain.body.toString('utf8');
      expect(JSON.parse(json).items).toHaveLength(6);

      const cases: Array<[string, string | undefined]> = [
        ['gzip, deflate, br', 'br'],
        ['br', 'br'],
        ['gzip;q=1.0, br;q=1.0', 'br'],
        ['gzip', 'gzip'],
        ['gzip, br;q=0', 'gzip'],
        ['deflate;q=0, identity', undefined],
        ['identity', undefined],
      ];
      for (const [accept, expected] of cases) {
        const answer = await feed(accept);
        expect({ accept, status: answer.status, encoding: answer.headers['content-encoding'] }).toEqual({ accept, status: 200, encoding: expected });
        expect(decoded(answer)).toBe(json);
        expect(varies(answer)).toContain('accept-encoding');
        if (expected) {
          expect(answer.body.length).toBeLessThan(plain.body.length / 2);
          expect(answer.headers['content-length']).toBeUndefined();
        }
      }
      expect(varies(plain)).toContain('accept-encoding');
    });

    it('of a kept feed page come from bytes made once: every encoding decodes to the same JSON, with one ETag, a length, and 304 on a match', async () => {
      // The shared first page (kept in memory, FeedService + SharedPageCache), signed out and signed in.
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        const plain = await get('/api/posts?limit=20', headers);
        expect(plain.status).toBe(200);
        const json = plain.body.toString('utf8');
        expect(JSON.parse(json).items.length).toBeGreaterThan(0);
        expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
        const etag = plain.headers.etag!;
        expect(etag).toMatch(/^W\/"/);
        for (const [accept, expected] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
          const answer = await get('/api/posts?limit=20', { ...headers, 'Accept-Encoding': accept });
          expect({ accept, status: answer.status, encoding: answer.headers['content-encoding'], etag: answer.headers.etag }).toEqual({ accept, status: 200, encoding: expected, etag });
          expect(decoded(answer)).toBe(json);
          expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
          expect(varies(answer)).toContain('accept-encoding');
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(answer.headers['cache-control']).toBe('private, no-store');
          const again = await get('/api/posts?limit=20', { ...headers, 'Accept-Encoding': accept, 'If-None-Match': etag });
          expect({ accept, status: again.status, length: again.body.length }).toEqual({ accept, status: 304, length: 0 });
        }
        const head = await get('/api/posts?limit=20', headers, 'HEAD');
        expect({ status: head.status, length: head.body.length, etag: head.headers.etag }).toEqual({ status: 200, length: 0, etag });
      }
      // A new post changes the page: new bytes, a new ETag, and no 304 for the old one.
      const before = await get('/api/posts?limit=20', { 'Accept-Encoding': 'br' });
      const posted = await member.agent.post('/api/posts').send({ content: 'A fresh post above the clouds' }).expect(201);
      const after = await get('/api/posts?limit=20', { 'Accept-Encoding': 'br', 'If-None-Match': before.headers.etag! });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(JSON.parse(decoded(after)).items.map((p: { id: number }) => p.id)).toContain(posted.body.id);
    });

    it('keep the security headers when compressed', async () => {
      const answer = await feed('br');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it('stay as they are below 1 KB', async () => {
      const small = await get('/api/config', { 'Accept-Encoding': 'br, gzip' });
      expect(small.status).toBe(200);
      expect(small.body.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(small.body.toString('utf8'))).toHaveProperty('supportEmail');
      const error = await get('/api/posts/1999999999', { 'Accept-Encoding': 'br, gzip' });
      expect(error.status).toBe(404);
      expect(error.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(error.body.toString('utf8'))).toMatchObject({ success: false, statusCode: 404 });
    });

    it('of a signed-in viewer are private and kept by no cache, and come without a shared-cacheable header', async () => {
      for (const url of ['/api/me', '/api/posts?limit=6', `/api/profile/${member.user.username}`, '/api/notifications/status']) {
        const answer = await get(url, { Cookie: cookie, 'Accept-Encoding': 'br' });
        expect({ url, status: answer.status, cacheControl: answer.headers['cache-control'] }).toEqual({ url, status: 200, cacheControl: 'private, no-store' });
      }
      // Anonymous reads that a session would change are private too.
      const anonymous = await get('/api/posts?limit=6');
      expect(anonymous.headers['cache-control']).toBe('private, no-store');
    });

    it('of the public reads (plans, config, health) may be kept by any cache, revalidated by ETag: 304 without a body', async () => {
      for (const url of ['/api/groups', '/api/group/5', '/api/config', '/api/health']) {
        const first = await get(url, { 'Accept-Encoding': 'br, gzip' });
        expect({ url, status: first.status, cacheControl: first.headers['cache-control'] }).toEqual({ url, status: 200, cacheControl: 'public, no-cache' });
        const etag = first.headers.etag;
        expect(etag).toBeTruthy();
        const again = await get(url, { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag! });
        expect({ url, status: again.status, length: again.body.length }).toEqual({ url, status: 304, length: 0 });
        expect(again.headers.etag).toBe(etag);
        // The same answer with or without compression, and to a signed-in viewer too.
        const signedIn = await get(url, { Cookie: cookie, 'If-None-Match': etag! });
        expect({ url, status: signedIn.status }).toEqual({ url, status: 304 });
        const stale = await get(url, { 'If-None-Match': 'W/"something-else"' });
        expect({ url, status: stale.status }).toEqual({ url, status: 200 });
        expect(decoded(stale)).toBe(decoded(first));
      }
    });

    it('of a public read turn private when the answer renews the session cookie', async () => {
      const redis: Redis = t.app.get(REDIS);
      const login = await request(t.app.getHttpServer()).post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
      const oldCookie = sessionCookieOf(login);
      const key = `${t.settings.redisPrefix}sess:${sessionIdOf(oldCookie)}`;
      const maxAge = t.settings.sessionMaxAgeDays * DAY;
      const stored = JSON.parse((await redis.get(key))!);
      stored.cookie.expires = new Date(Date.now() + maxAge - 2 * DAY).toISOString();
      await redis.set(key, JSON.stringify(stored), 'EX', Math.round((maxAge - 2 * DAY) / 1000));

      const renewed = await get('/api/groups', { Cookie: oldCookie });
      expect(renewed.status).toBe(200);
      expect(renewed.headers['set-cookie']).toBeDefined();
      expect(renewed.headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('the built web app', () => {
    it('sends the pre-compressed copy of a hashed asset (brotli first), with its type, Vary and a year of immutable caching', async () => {
      const cases: Array<[string | undefined, string | undefined, string]> = [
        ['gzip, deflate, br', 'br', `${build.bundle}\n/* from the .br copy */`],
        ['br;q=0.5, gzip', 'br', `${build.bundle}\n/* from the .br copy */`],
        ['gzip', 'gzip', `${build.bundle}\n/* from the .gz copy */`],
        ['br;q=0, gzip', 'gzip', `${build.bundle}\n/* from the .gz copy */`],
        [undefined, undefined, build.bundle],
        ['identity', undefined, build.bundle],
      ];
      for (const [accept, encoding, text] of cases) {
        const answer = await get('/assets/index-Ab12Cd34.js', accept ? { 'Accept-Encoding': accept } : {});
        expect({ accept, status: answer.status, encoding: answer.headers['content-encoding'] }).toEqual({ accept, status: 200, encoding });
        expect(decoded(answer)).toBe(text);
        expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
        expect(answer.headers['cache-control']).toBe(IMMUTABLE);
        expect(varies(answer)).toContain('accept-encoding');
        expect(answer.headers.etag).toBeTruthy();
        // A script is no document: no CSP applies to it, so none is sent.
        expect(answer.headers['content-security-policy']).toBeUndefined();
      }
    });

    it('answers a conditional GET of a file with 304 and no body, per copy', async () => {
      for (const accept of ['br', 'gzip', 'identity']) {
        const first = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': accept });
        const again = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': accept, 'If-None-Match': first.headers.etag! });
        expect({ accept, status: again.status, length: again.body.length }).toEqual({ accept, status: 304, length: 0 });
      }
      const br = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' });
      const gz = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip' });
      expect(br.headers.etag).not.toBe(gz.headers.etag);
    });

    it('serves index.html and the SPA fallback pre-compressed, revalidated on every use (no-cache), with 304 on a match', async () => {
      for (const url of ['/', '/index.html', '/profile/someone', '/settings?tab=account']) {
        const answer = await get(url, { 'Accept-Encoding': 'br, gzip' });
        expect({ url, status: answer.status, encoding: answer.headers['content-encoding'], cacheControl: answer.headers['cache-control'] }).toEqual({
          url,
          status: 200,
          encoding: 'br',
          cacheControl: 'no-cache',
        });
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(decoded(answer)).toBe(`${build.index}\n/* from the .br copy */`);
        expect(varies(answer)).toContain('accept-encoding');
        const again = await get(url, { 'Accept-Encoding': 'br, gzip', 'If-None-Match': answer.headers.etag! });
        expect({ url, status: again.status, length: again.body.length }).toEqual({ url, status: 304, length: 0 });
      }
      const plain = await get('/profile/someone');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(build.index);
      expect(plain.headers['cache-control']).toBe('no-cache');
    });

    it('gives unhashed files (copied from public/) no long caching', async () => {
      const answer = await get('/images/logo.svg', { 'Accept-Encoding': 'br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(answer.headers['cache-control']).toBe('no-cache');
    });

    it('refuses a page path that is not valid percent-encoding with 400, not the shell', async () => {
      for (const url of ['/%zz', '/profile/%E0%A4%A']) {
        const answer = await get(url, { 'Accept-Encoding': 'br' });
        expect({ url, status: answer.status }).toEqual({ url, status: 400 });
      }
    });

    it('leaves small files and already compressed formats as they are', async () => {
      const tiny = await get('/assets/tiny-Ef56Gh78.js', { 'Accept-Encoding': 'br, gzip' });
      expect(tiny.status).toBe(200);
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body.toString('utf8')).toBe('console.log(1);');
      expect(tiny.headers['cache-control']).toBe(IMMUTABLE);
      for (const url of ['/images/photo.png', '/assets/font-Ij90Kl12.woff2']) {
        const answer = await get(url, { 'Accept-Encoding': 'br, gzip' });
        expect({ url, status: answer.status, encoding: answer.headers['content-encoding'] }).toEqual({ url, status: 200, encoding: undefined });
        expect(answer.body.length).toBeGreaterThan(4096);
      }
    });
  });

  it('keeps Socket.IO polling working for a client that accepts brotli', async () => {
    const socket = io(`http://127.0.0.1:${port}`, {
      transports: ['polling'],
      extraHeaders: { Cookie: cookie, 'Accept-Encoding': 'br, gzip, deflate' },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('polling');
    } finally {
      socket.close();
    }
    const handshake = await get('/socket.io/?EIO=4&transport=polling', { 'Accept-Encoding': 'br' });
    expect(handshake.status).toBe(200);
    expect(handshake.headers['content-encoding']).toBeUndefined();
    expect(handshake.body.toString('utf8')).toMatch(/^0\{"sid":/);
  });
});
