import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { io } from 'socket.io-client';
import { createHash } from 'node:crypto';
import { SOCKET_PATH, SocketErrors, THEME_BOOT_SCRIPT } from '@cloud9/contracts';
import { PASSWORD, signUp, SignedIn } from '../support/app';
import { bootWatched, sessionCookieOf, sessionIdOf, WatchedApp } from '../support/harness';

/** A Content-Security-Policy header as directive → sources. */
const directives = (header: string | undefined): Record<string, string[]> =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

/** The theme's inline script, the one the shell may run (by its hash). */
const THEME_SCRIPT = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

const UPLOADS_CSP = "default-src 'none'; media-src 'self'; img-src 'self'; sandbox";
const GIF_HOST = '127.0.0.1:45678';

/** A stand-in build of the web app, so this suite does not depend on `npm run build`. */
async function fakeFrontend(dir: string): Promise<string> {
  const dist = path.join(dir, 'dist');
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Cloud 9</title><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  await fs.writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  return dist;
}

describe('security headers and the session cookie', () => {
  let dir: string;
  let dist: string;
  const apps: WatchedApp[] = [];
  const boot = async (env: Record<string, string>) => {
    const app = await bootWatched({ FRONTEND_DIST: dist, UPLOAD_DIR: path.join(dir, 'uploads'), GIPHY_MEDIA_HOSTS: `media.giphy.com,${GIF_HOST},bad host;script-src *`, ...env });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'c9-headers-'));
    dist = await fakeFrontend(dir);
    await fs.mkdir(path.join(dir, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(dir, 'uploads', 'pic.png'), 'not really a png');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  describe('over http (PUBLIC_URL http://localhost:3999, the stand-in PayPal SDK on loopback)', () => {
    let t: WatchedApp;
    beforeAll(async () => {
      t = await boot({ PAYPAL_SDK_URL: 'http://127.0.0.1:41234/sdk/js', EMOJI_CDN_URL: 'https://emoji-cdn.test:8443/npm/' });
    });

    it('puts the app-shell CSP on index.html and the SPA fallback, not on the built scripts (a CSP governs documents only)', async () => {
      const expected = {
        'default-src': ["'self'"],
        'script-src': ["'self'", THEME_SCRIPT, 'http://127.0.0.1:41234'],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // The emoji image CDN by its origin only: EMOJI_CDN_URL's path does not narrow it.
        'img-src': ["'self'", 'data:', 'blob:', 'media.giphy.com', GIF_HOST, 'https://emoji-cdn.test:8443', 'http://127.0.0.1:41234'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'", 'ws://localhost:3999', 'http://127.0.0.1:41234'],
        'frame-src': ['http://127.0.0.1:41234'],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      };
      for (const url of ['/', '/profile/someone']) {
        const res = await t.request().get(url).expect(200);
        expect({ url, csp: directives(res.headers['content-security-policy']) }).toEqual({ url, csp: expected });
      }
      const script = await t.request().get('/assets/app.js').expect(200);
      expect(script.headers['content-security-policy']).toBeUndefined();
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      // A path under assets/ that is no built file is the shell, under its CSP.
      for (const url of ['/assets/missing.html', '/assets/missing.js']) {
        const fallback = await t.request().get(url).expect(200);
        expect({ url, csp: directives(fallback.headers['content-security-policy']) }).toEqual({ url, csp: expected });
      }
    });

    it('sets helmet\'s headers everywhere, without HSTS', async () => {
      for (const url of ['/', '/api/health', '/api/no-such-route']) {
        const res = await t.request().get(url);
        expect(res.headers['strict-transport-security']).toBeUndefined();
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
      // The API's JSON is no page: it keeps no app-shell CSP (Bull Board's page under /api has its own needs).
      expect((await t.request().get('/api/health')).headers['content-security-policy']).toBeUndefined();
    });

    it('keeps the strict sandbox CSP on /uploads', async () => {
      const res = await t.request().get('/uploads/pic.png').expect(200);
      expect(res.headers['content-security-policy']).toBe(UPLOADS_CSP);
    });

    it('names the session cookie c9.sid, HttpOnly, SameSite=Lax, not Secure', async () => {
      const user = await signUp(t);
      const login = await t.request().post('/api/login').send({ username: user.user.username, password: PASSWORD }).expect(200);
      const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('c9.sid='));
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    });
  });

  describe('over https (PUBLIC_URL https://cloud9.example behind a TLS proxy, PayPal\'s own SDK)', () => {
    let t: WatchedApp;
    let user: SignedIn;
    /** As the TLS proxy forwards it. */
    const viaProxy = <R extends { set(name: string, value: string): R }>(req: R): R => req.set('X-Forwarded-Proto', 'https');

    beforeAll(async () => {
      const plain = await boot({});
      user = await signUp(plain);
      t = await boot({ PUBLIC_URL: 'https://cloud9.example', TRUST_PROXY: 'true' });
    });

    it('sends HSTS for a year, subdomains included, on the app and the API', async () => {
      for (const url of ['/', '/api/health', '/uploads/pic.png']) {
        const res = await viaProxy(t.request().get(url));
        expect({ url, hsts: res.headers['strict-transport-security'] }).toEqual({ url, hsts: 'max-age=31536000; includeSubDomains' });
      }
    });

    it('allows PayPal\'s hosts for frames, calls and images, scripts only from the SDK origin, and upgrades insecure requests', async () => {
      const csp = directives((await viaProxy(t.request().get('/')).expect(200)).headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", THEME_SCRIPT, 'https://www.paypal.com']);
      expect(csp['frame-src']).toEqual(['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
      expect(csp['connect-src']).toEqual(["'self'", 'wss://cloud9.example', 'https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['upgrade-insecure-requests']).toEqual([]);
    });

    it('names the session cookie __Host-c9.sid: Secure, Path=/, no Domain; a plain c9.sid is not read', async () => {
      const login = await viaProxy(t.request().post('/api/login')).set('Origin', 'https://cloud9.example').send({ username: user.user.username, password: PASSWORD }).expect(200);
      const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
      expect(setCookie.filter((c) => c.startsWith('c9.sid='))).toEqual([]);
      const cookie = setCookie.find((c) => c.startsWith('__Host-c9.sid='))!;
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
      const session = sessionCookieOf(login, t.settings);
      expect((await viaProxy(t.request().get('/api/me')).set('Cookie', session).expect(200)).body.id).toBe(user.user.id);
      // The same signed value under the old name (say, tossed by a sibling subdomain) signs no one in.
      const plainName = session.replace(/^__Host-c9\.sid=/, 'c9.sid=');
      await viaProxy(t.request().get('/api/me')).set('Cookie', plainName).expect(401);
      expect(sessionIdOf(session, t.settings)).toBe(sessionIdOf(plainName, { publicUrl: 'http://localhost' }));
    });

    it('authenticates the socket handshake from the __Host- cookie', async () => {
      const login = await viaProxy(t.request().post('/api/login')).send({ username: user.user.username, password: PASSWORD }).expect(200);
      const session = sessionCookieOf(login, t.settings);
      const server = t.app.getHttpServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const attempt = (cookie: string) =>
        new Promise<string>((resolve) => {
          const socket = io(url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
          socket.once('connect', () => {
            socket.disconnect();
            resolve('connected');
          });
          socket.once('connect_error', (error) => resolve(error.message));
        });
      expect(await attempt(session)).toBe('connected');
      expect(await attempt(session.replace(/^__Host-c9\.sid=/, 'c9.sid='))).toBe(SocketErrors.unauthorized);
    });

    it('never sent a password field or an argon2 hash in any response', () => {
      for (const app of apps) expect(app.leaks).toEqual([]);
    });
  });
});
