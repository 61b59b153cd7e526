import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PUSH_UI_MESSAGES, PWA_MESSAGES } from '@cloud9/contracts';
import { axeViolations, scrollsSideways } from './a11y';
import { apiSession, baseUrl, launchBrowser, loginViaUi, openTab, PHONE_AND_DESKTOP, registerViaApi, shot, uniqueName, watchCsp } from './support';

const dist = path.resolve(__dirname, '../dist');
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

let browser: Browser;
/**
 * Debian's full Chromium, headless: its headless shell denies every notification permission, so the push
 * and settings tests, which need it granted, run here.
 */
let fullBrowser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fullBrowser = await chromium.launch({ executablePath: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await fullBrowser?.close();
});

/** `read()` until it equals `expected` (deeply), or fails with the last value after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T> | T, expected: T, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** The page's service worker, active (its precache complete), and the page under its control. */
async function serviceWorkerReady(page: Page): Promise<void> {
  const ready = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return Boolean(registration?.active && navigator.serviceWorker.controller);
    });
  await eventually(ready, true, 30_000);
}

/**
 * axe at 0 violations and no sideways scroll. axe is put into the page through the DevTools protocol: a
 * page the service worker controls fetches through it, where the suite's request routing cannot serve it.
 */
async function expectUsable(page: Page, screen: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  expect({ screen, violations: await axeViolations(page) }).toEqual({ screen, violations: [] });
  expect({ screen, sideways: await scrollsSideways(page) }).toEqual({ screen, sideways: false });
}

/** A member whose Home shows `content` (another account's post), signed in in a fresh tab. */
async function memberWithAPost(context: BrowserContext, content: string) {
  const author = uniqueName('pwa_author');
  await registerViaApi(author);
  const { id } = await (await apiSession(author)).post(content);
  const member = uniqueName('pwa');
  await registerViaApi(member);
  const page = await context.newPage();
  await loginViaUi(page, member);
  return { page, postId: id, member };
}

describe('the installable app', () => {
  it('is installable: Chromium reports no installability errors, and the manifest says what the app is', async () => {
    // An installed app needs an ordinary profile (an off-the-record one is an installability error by itself).
    const profile = mkdtempSync(path.join(os.tmpdir(), 'c9-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      headless: true,
      baseURL: baseUrl(),
      args: CHROMIUM_ARGS,
    });
    try {
      await watchCsp(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await serviceWorkerReady(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({ name: 'Cloud 9 Social', short_name: 'Cloud 9', display: 'standalone', start_url: '/', scope: '/', theme_color: '#1d6fd1' });
      expect((manifest.shortcuts as { url: string }[]).map((s) => s.url)).toEqual(['/?compose=1', '/notifications']);
      expect((manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('serves the service worker and the manifest revalidated, with their types', async () => {
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('opens offline: Home shows what it last saw, read-only; other screens say so; back online it refreshes by itself', async () => {
    const { context, page: first } = await openTab(browser);
    await first.close();
    const content = `Seen before the tunnel ${uniqueName('p')}`;
    const { page, postId } = await memberWithAPost(context, content);
    await page.getByText(content).waitFor();
    await serviceWorkerReady(page);

    for (const [name, viewport] of PHONE_AND_DESKTOP) {
      await page.setViewportSize(viewport);
      await context.setOffline(true);
      await page.reload();
      await page.getByText(PWA_MESSAGES.offlineHomeNote).waitFor();
      await page.getByText(content).waitFor();
      // Read-only: what it last saw, without the composer or the posts' actions.
      expect(await page.getByRole('textbox', { name: /post/i }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /like/i }).count()).toBe(0);
      await expectUsable(page, `offline home (${name})`);
      await shot(page, `${name}-offline-home`);

      // Another screen, by the navigation and by its address: a clear state, no spinner.
      await page.getByRole('link', { name: 'Notifications', exact: true }).first().click();
      await page.getByRole('heading', { name: PWA_MESSAGES.offlineTitle }).waitFor();
      await page.goto(`/post/${postId}`);
      await page.getByRole('heading', { name: PWA_MESSAGES.offlineTitle }).waitFor();
      expect(await page.locator('[aria-busy="true"], .spinner').count()).toBe(0);
      await expectUsable(page, `offline screen (${name})`);
      await shot(page, `${name}-offline-screen`);

      // Back online: the screen loads by itself.
      await context.setOffline(false);
      await page.getByText(content).first().waitFor();
      expect(await page.getByRole('heading', { name: PWA_MESSAGES.offlineTitle }).count()).toBe(0);
      await page.goto('/');
    }

    // Offline again after a new post: Home's saved page is the newest it saw once back online.
    const newer = `Posted while away ${uniqueName('p')}`;
    await context.setOffline(true);
    await page.reload();
    await page.getByText(PWA_MESSAGES.offlineHomeNote).waitFor();
    const author = uniqueName('pwa_late');
    await registerViaApi(author);
    await (await apiSession(author)).post(newer);
    await context.setOffline(false);
    await page.getByText(newer).waitFor();
    expect(await page.getByText(PWA_MESSAGES.offlineHomeNote).count()).toBe(0);
    await context.close();
  });

  it('shows a pushed notification, and its click takes the open tab to the post', async () => {
    const { context, page: first } = await openTab(fullBrowser);
    await first.close();
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    const { page, postId } = await memberWithAPost(context, `A post to be replied to ${uniqueName('p')}`);
    await serviceWorkerReady(page);

    // The registration's id, as DevTools knows it, to deliver a push message to it.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await eventually(() => registrations.some((r) => r.scopeURL === `${baseUrl()}/`), true);
    const { registrationId } = registrations.find((r) => r.scopeURL === `${baseUrl()}/`)!;

    const payload = { title: 'Bob replied to your post', body: 'Nice one!', url: `/post/${postId}`, unseen: 3, tag: `reply-${postId}` };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl(), registrationId, data: JSON.stringify(payload) });
    const shown = async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return (await registration!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, url: (n.data as { url: string }).url }));
      });
    await eventually(shown, [{ title: payload.title, body: payload.body, tag: payload.tag, icon: `${baseUrl()}/images/icon-192.png`, url: `${baseUrl()}/post/${postId}` }]);

    // The same tag again replaces it: one notification per thing.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl(), registrationId, data: JSON.stringify({ ...payload, title: 'Bob and 1 other replied' }) });
    await eventually(async () => (await shown()).map((n) => n.title), ['Bob and 1 other replied']);

    // A headless browser draws no notification to click: the click is dispatched in the worker, as the
    // platform would, and the worker's own handler takes the open tab to the post.
    await page.goto('/settings');
    const [worker] = context.serviceWorkers();
    await worker.evaluate(async () => {
      // The worker's global scope (this suite's types are the page's).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL((url) => url.pathname === `/post/${postId}`);
    await page.getByText('A post to be replied to').first().waitFor();
    await context.close();
  });

  it('offers a new version without swapping it in: "A new version is ready — Reload"', async () => {
    const { context, page: first } = await openTab(browser);
    await first.close();
    const { page } = await memberWithAPost(context, `Before the update ${uniqueName('p')}`);
    await serviceWorkerReady(page);
    // A new build of the worker, as a deploy brings it: the file and the copies the server sends.
    const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(dist, name));
    const originals = files.map((file) => readFileSync(file));
    try {
      const next = Buffer.from(`${originals[0].toString('utf8')}\n// a new version ${Date.now()}\n`);
      writeFileSync(files[0], next);
      writeFileSync(files[1], brotliCompressSync(next));
      writeFileSync(files[2], gzipSync(next));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const banner = page.getByRole('status').filter({ hasText: PWA_MESSAGES.updateReady });
      await banner.waitFor();
      // Nothing changed under the member: the old version still controls the page until they choose.
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);
      for (const [name, viewport] of PHONE_AND_DESKTOP) {
        await page.setViewportSize(viewport);
        await expectUsable(page, `update banner (${name})`);
        await shot(page, `${name}-update-banner`, false);
      }
      const reloaded = page.waitForEvent('framenavigated');
      await banner.getByRole('button', { name: PWA_MESSAGES.reload }).click();
      await reloaded;
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(false);
      expect(await page.getByText(PWA_MESSAGES.updateReady).count()).toBe(0);
    } finally {
      files.forEach((file, i) => writeFileSync(file, originals[i]));
      await context.close();
    }
  });

  it('opens the composer from the "New post" shortcut (/?compose=1), and leaves the address clean', async () => {
    const { context, page: first } = await openTab(browser);
    await first.close();
    const { page } = await memberWithAPost(context, `Before a shortcut ${uniqueName('p')}`);
    await page.goto('/?compose=1');
    await page.getByRole('dialog').waitFor();
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('compose'));
    await context.close();
  });

  it('Settings: "Notifications on this device" with the permission state and the push switches', async () => {
    for (const [name, viewport] of PHONE_AND_DESKTOP) {
      const { context, page: first } = await openTab(fullBrowser, undefined, viewport);
      await first.close();
      await context.grantPermissions(['notifications'], { origin: baseUrl() });
      const member = uniqueName('pwa_settings');
      await registerViaApi(member);
      const page = await context.newPage();
      await loginViaUi(page, member);
      await serviceWorkerReady(page);
      await page.goto('/settings');
      await page.getByLabel('Search settings').fill('notification');
      const section = page.getByRole('region', { name: PUSH_UI_MESSAGES.title });
      await section.getByText(PUSH_UI_MESSAGES.permission.granted).waitFor();
      await section.getByRole('button', { name: PUSH_UI_MESSAGES.turnOn }).waitFor();
      await expectUsable(page, `settings device push (${name})`);
      await section.scrollIntoViewIfNeeded();
      await shot(page, `${name}-settings-device-push`, false);
      await context.close();
    }
  });

  it('turning on asks the push service for a subscription with the server key', async () => {
    const { context, page: first } = await openTab(fullBrowser);
    await first.close();
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    const member = uniqueName('pwa_sub');
    await registerViaApi(member);
    const page = await context.newPage();
    await loginViaUi(page, member);
    await serviceWorkerReady(page);
    // A real P-256 key, as GET /api/push/key gives it (base64url of the uncompressed point).
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const raw = publicKey.export({ format: 'jwk' });
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(raw.x!, 'base64url'), Buffer.from(raw.y!, 'base64url')]).toString('base64url');
    const outcome = await page.evaluate(async (key) => {
      const registration = await navigator.serviceWorker.getRegistration();
      const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      try {
        const subscription = await registration!.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
        return { subscribed: true, endpoint: subscription.endpoint };
      } catch (err) {
        return { subscribed: false, error: `${(err as Error).name}: ${(err as Error).message}` };
      }
    }, point);
    // Headless Chromium has no push service (no GCM) in this closed network: it gets as far as asking, and its
    // answer is "AbortError: Registration failed - permission denied". The server's side is tested on its own.
    if (!outcome.subscribed) expect(outcome.error).toMatch(/AbortError|push service/i);
    else expect(outcome.endpoint).toMatch(/^https:\/\//);
    await context.close();
  });
});
