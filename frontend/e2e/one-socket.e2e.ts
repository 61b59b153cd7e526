import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { apiSession, baseUrl, E2E_METRICS_TOKEN, launchBrowser, loginViaUi, openTab, registerViaApi, shot, uniqueName, waitFor } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TABS = 5;

/** Every Socket.IO WebSocket any page of `context` opens: which page, when it connected (Socket.IO's `40` packet), what it sent, whether it closed. */
function trackSockets(context: BrowserContext) {
  const sockets: { page: Page; ws: WebSocket; connectedAt: number | null; closed: boolean; sent: string[] }[] = [];
  const watch = (page: Page) =>
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      const entry = { page, ws, connectedAt: null as number | null, closed: false, sent: [] as string[] };
      ws.on('framereceived', ({ payload }) => {
        if (entry.connectedAt === null && String(payload).startsWith('40')) entry.connectedAt = Date.now();
      });
      ws.on('framesent', ({ payload }) => void entry.sent.push(String(payload)));
      ws.on('close', () => void (entry.closed = true));
      sockets.push(entry);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  // A closed page's socket is gone with it (its WebSocket may not report the close).
  return { all: sockets, connected: () => sockets.filter((s) => s.connectedAt !== null && !s.closed && !s.page.isClosed()) };
}

/** The app's own figure: signed-in Socket.IO connections open on the first instance (/metrics, `socketio_connected_sockets`). */
async function serverSockets(): Promise<number> {
  const res = await fetch(`${baseUrl()}/metrics`, { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`/metrics: ${res.status}`);
  const line = (await res.text()).split('\n').find((l) => l.startsWith('socketio_connected_sockets '));
  return Number(line?.split(' ')[1]);
}

/**
 * The server's figure once it has held still for 2 s: the sockets of tabs an earlier test closed go a
 * moment after the tab, and one going during a test would make its own count one short.
 */
async function settledServerSockets(): Promise<number> {
  const deadline = Date.now() + 30_000;
  let count = await serverSockets();
  let since = Date.now();
  while (Date.now() - since < 2000 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await serverSockets();
    if (now !== count) [count, since] = [now, Date.now()];
  }
  return count;
}

/** Waits until the server's figure is `expected` (sockets of earlier suites may take a moment to go), or fails with the last one. */
async function serverSocketsSettleAt(expected: number, timeoutMs = 5000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = await serverSockets();
  while (count !== expected && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    count = await serverSockets();
  }
  return count;
}

/** A member signed in through the first tab, and `TABS - 1` more tabs of the same browser profile at `paths`. */
async function memberInTabs(prefix: string, paths: string[], setup?: (context: BrowserContext) => Promise<unknown>) {
  const username = uniqueName(prefix);
  await registerViaApi(username);
  const tab = await openTab(browser);
  await setup?.(tab.context);
  const tracked = trackSockets(tab.context);
  await loginViaUi(tab.page, username);
  const pages = [tab.page];
  for (const path of paths.slice(1)) {
    const page = await tab.context.newPage();
    await page.goto(path);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    pages.push(page);
  }
  if (paths[0] !== '/') await tab.page.goto(paths[0]);
  return { username, context: tab.context, pages, sockets: tracked, alerts: tab.alerts };
}

const dotLink = (page: Page) => page.getByRole('link', { name: 'Notifications, new' }).first();

describe('one socket per browser', () => {
  it('five tabs make one socket; when its tab closes another connects within 2 s, and an alert reaches every remaining tab exactly once', async () => {
    const before = await settledServerSockets();
    const paths = ['/', '/notifications', '/', '/notifications', '/'];
    const member = await memberInTabs('tabs', paths);
    const { pages, sockets } = member;
    await waitFor(() => sockets.connected().length === 1, 10_000);
    // Give any extra tab time to open a socket of its own; none may.
    await pages[TABS - 1].waitForTimeout(1500);
    expect(sockets.all.length).toBe(1);
    expect(await serverSocketsSettleAt(before + 1)).toBe(before + 1);
    console.log(`one-socket: ${TABS} tabs -> ${sockets.all.length} WebSocket(s) in the browser, ${(await serverSockets()) - before} socket(s) on the server`);
    // The visible-page report went out on connect.
    const [first] = sockets.connected();
    expect(first.sent).toContain('42["page:visible",true]');

    // The leader tab closes: another takes the lock and connects within 2 s.
    const closedAt = Date.now();
    await first.page.close();
    await waitFor(() => sockets.connected().length === 1, 5000);
    const [next] = sockets.connected();
    expect(next.page).not.toBe(first.page);
    const handOverMs = next.connectedAt! - closedAt;
    console.log(`one-socket: hand-over to the next tab connected in ${handOverMs} ms`);
    expect(handOverMs).toBeLessThan(2000);
    await waitFor(() => next.sent.includes('42["page:visible",true]'), 2000);
    expect(await serverSocketsSettleAt(before + 1)).toBe(before + 1);

    // Someone likes the member's post: every remaining tab hears of it, once.
    const mine = await apiSession(member.username);
    const { id: postId } = await mine.post('One socket for five tabs');
    const fanName = uniqueName('fan');
    await registerViaApi(fanName);
    const fan = await apiSession(fanName);
    await fan.call('POST', `/api/posts/${postId}/like`, {});

    const remaining = pages.filter((p) => !p.isClosed());
    expect(remaining).toHaveLength(TABS - 1);
    const row = (page: Page) => page.getByRole('link', { name: new RegExp(`^(Unread: )?${fanName} liked your post`) });
    for (const page of remaining) {
      if (new URL(page.url()).pathname === '/notifications') await row(page).waitFor({ timeout: 5000 });
      else await dotLink(page).waitFor({ timeout: 5000 });
    }
    // Past the alert:sync sweep (3 s), which must not add a second copy either.
    await remaining[0].waitForTimeout(3500);
    for (const page of remaining) {
      if (new URL(page.url()).pathname !== '/notifications') {
        await page.getByRole('link', { name: /^Notifications/ }).first().click();
        await row(page).waitFor();
      }
      expect(await row(page).count()).toBe(1);
    }
    await shot(remaining[0], 'one-socket-alert');
    expect(member.alerts).toEqual([]);
    await member.context.close();
  });

  it('shares the 5 s poll fallback: with the socket blocked, only one tab polls the status', async () => {
    // Both transports: the WebSocket (which context.route does not see) and long-polling.
    const blockSocket = async (context: BrowserContext) => {
      await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
      await context.route('**/socket.io/**', (route) => route.abort());
    };
    const member = await memberInTabs('polls', Array(TABS).fill('/'), blockSocket);
    const polls: { page: Page; at: number }[] = [];
    member.pages.forEach((page) =>
      page.on('request', (req) => {
        if (new URL(req.url()).pathname === '/api/notifications/status') polls.push({ page, at: Date.now() });
      }),
    );
    const windowMs = 11_000;
    await member.pages[0].waitForTimeout(windowMs);
    const pollers = new Set(polls.map((p) => p.page));
    console.log(`one-socket: socket blocked, ${TABS} tabs -> ${polls.length} status polls in ${windowMs / 1000} s from ${pollers.size} tab(s)`);
    expect(pollers.size).toBe(1);
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(polls.length).toBeLessThanOrEqual(3);
    expect(member.sockets.connected()).toHaveLength(0);

    // The poll still brings the alert to every tab.
    const mine = await apiSession(member.username);
    const fanName = uniqueName('fan');
    await registerViaApi(fanName);
    const fan = await apiSession(fanName);
    await fan.call('POST', '/api/follow', { followerId: fan.user.id, followedId: mine.user.id });
    for (const page of member.pages) await dotLink(page).waitFor({ timeout: 8000 });
    await member.context.close();
  });

  it('signing out in one tab signs every tab out, and signing in again builds a new socket', async () => {
    const member = await memberInTabs('out', ['/', '/', '/']);
    const { pages, sockets } = member;
    await waitFor(() => sockets.connected().length === 1, 10_000);
    const [old] = sockets.connected();
    const follower = pages.find((page) => page !== old.page)!;
    await follower.getByRole('button', { name: 'Logout' }).click();
    // The other tabs have no socket or poll of their own: the leaving tab tells them, and each asks the server.
    for (const page of pages) await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await waitFor(() => sockets.connected().length === 0, 5000);

    await loginViaUi(follower, member.username);
    await waitFor(() => sockets.connected().length === 1, 10_000);
    const [rebuilt] = sockets.connected();
    expect(rebuilt).not.toBe(old);
    expect(rebuilt.sent).toContain('42["page:visible",true]');
    await member.context.close();
  });

  it('without Web Locks (an older browser) every tab opens its own socket, as before', async () => {
    const before = await settledServerSockets();
    const member = await memberInTabs('oldtabs', Array(TABS).fill('/'), (context) =>
      context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined })),
    );
    await waitFor(() => member.sockets.connected().length === TABS, 10_000);
    expect(await serverSocketsSettleAt(before + TABS)).toBe(before + TABS);
    console.log(`one-socket: without Web Locks, ${TABS} tabs -> ${member.sockets.connected().length} sockets`);
    await member.context.close();
  });
});
