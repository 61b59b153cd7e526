import { Client } from 'pg';
import type { Browser, Page } from 'playwright-core';
import { apiSession, launchBrowser, loginViaUi, openTab, registerViaApi, secondBaseUrl, shot, uniqueName, signedInTab } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dotLink = (page: Page) => page.getByRole('link', { name: 'Notifications, new' });
const plainLink = (page: Page) => page.getByRole('link', { name: 'Notifications', exact: true });

const signedIn = (prefix: string, base?: string, groupId?: number) => signedInTab(browser, prefix, { base, groupId });

describe('live notification dots across two instances', () => {
  it('lights A’s dot when B follows A on the other instance, and clears it when A marks all as read', async () => {
    const a = await signedIn('alice'); // instance 1
    await plainLink(a.page).waitFor();
    const b = await signedIn('bob', secondBaseUrl()); // instance 2

    await b.page.goto(`/profile/${a.username}`);
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await b.page.getByRole('button', { name: /^(Following|Unfollow)$/ }).waitFor();
    await shot(b.page, 'profile-public');

    // A never reloads: the alert arrives over the socket (instance 2 -> Redis -> instance 1).
    await dotLink(a.page).waitFor({ timeout: 5000 });

    await a.page.goto('/profile');
    await a.page.getByRole('button', { name: '1 Follower' }).click();
    const modal = a.page.getByRole('dialog', { name: 'Followers' });
    await modal.getByText(`@${b.username}`).waitFor();
    await shot(a.page, 'followers-modal', false);
    await modal.getByRole('button', { name: 'Close' }).click();

    await a.page.getByRole('link', { name: /^Notifications/ }).click();
    await a.page.getByText(`${b.username}`).first().waitFor();
    await a.page.getByRole('button', { name: 'Mark all as read' }).click();
    await plainLink(a.page).waitFor({ timeout: 5000 });
    await shot(a.page, 'notifications');
    await a.page.reload();
    await plainLink(a.page).waitFor();
    expect(await dotLink(a.page).count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });

  it('lights everyone’s dot when staff post a system notice', async () => {
    const reader = await signedIn('reader');
    await plainLink(reader.page).waitFor();
    const staff = await signedIn('staff', secondBaseUrl(), 2);
    await staff.page.goto('/notifications');
    await staff.page.getByRole('tab', { name: /^System Notices/ }).click();
    const text = `Maintenance tonight ${uniqueName('n')}`;
    await staff.page.getByLabel('System notice').fill(text);
    await staff.page.getByRole('button', { name: 'Post', exact: true }).click();
    await staff.page.getByRole('list', { name: 'Notices' }).getByText(text).waitFor();

    await dotLink(reader.page).waitFor({ timeout: 5000 });
    await reader.page.getByRole('link', { name: /^Notifications/ }).click();
    await reader.page.getByRole('tab', { name: /^System Notices/ }).click();
    await reader.page.getByRole('list', { name: 'Notices' }).getByText(text).waitFor();
    await reader.context.close();
    await staff.context.close();
  });

  it('lights the dot within 10 s for an alert that was never pushed (committed straight into the database), the socket staying connected', async () => {
    const username = uniqueName('quiet');
    await registerViaApi(username);
    const tab = await openTab(browser);
    // The page's socket: it must be open before the alert and never close (so the fallback poll never runs).
    let socketOpen = false;
    let socketClosed = false;
    tab.page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', () => (socketOpen = true));
      ws.on('close', () => (socketClosed = true));
    });
    await loginViaUi(tab.page, username);
    await plainLink(tab.page).waitFor();
    const deadline = Date.now() + 10_000;
    while (!socketOpen && Date.now() < deadline) await tab.page.waitForTimeout(50);
    expect(socketOpen).toBe(true);

    const fan = uniqueName('fan');
    await registerViaApi(fan);
    const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    await db.query(
      `INSERT INTO user_alerts (recipient_id, actor_id, type, post_id, message)
       SELECT r.id, a.id, 'follow', NULL, a.username || ' started following you' FROM users r, users a WHERE r.username = $1 AND a.username = $2`,
      [username, fan],
    );
    await db.end();

    await dotLink(tab.page).waitFor({ timeout: 10_000 });
    expect(socketClosed).toBe(false);
    await tab.context.close();
  });

  it('still lights the dot through the 5 s poll when the socket is blocked', async () => {
    const username = uniqueName('nosock');
    await registerViaApi(username);
    const tab = await openTab(browser);
    await tab.context.route('**/socket.io/**', (route) => route.abort());
    await loginViaUi(tab.page, username);
    await plainLink(tab.page).waitFor();

    const fan = uniqueName('fan');
    await registerViaApi(fan);
    const fanApi = await apiSession(fan);
    const target = (await apiSession(username)).user;
    await fanApi.call('POST', '/api/follow', { followerId: fanApi.user.id, followedId: target.id });

    await dotLink(tab.page).waitFor({ timeout: 8000 });
    await tab.context.close();
  });
});
