import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { access, utimes, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { BOOST_TEXT, MESSAGES } from '@cloud9/contracts';
import { ADMIN_TEXT } from '../src/features/admin/adminText';
import { E2E_ADMIN, PASSWORD, apiSession, baseUrl, launchBrowser, loginViaUi, openTab, registerViaApi, secondBaseUrl, shot, uniqueName, waitFor, watchCsp } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How the next prompt or confirm is answered: text for a prompt, true/false for a confirm, null to cancel. */
type Answer = string | boolean | null;

interface AdminTab {
  context: BrowserContext;
  page: Page;
  /** Every native dialog the page raised, in order. */
  dialogs: { type: string; message: string }[];
  /** Alert texts only. */
  alerts: string[];
  /** Queued answers for the next prompts/confirms; an unanswered one is cancelled. */
  answers: Answer[];
  /** Paths of the /api/admin, /api/boost and /api/posts/:id/boost requests the page made. */
  requests: string[];
}

function handle(tab: AdminTab, dialog: Dialog) {
  tab.dialogs.push({ type: dialog.type(), message: dialog.message() });
  if (dialog.type() === 'alert') {
    tab.alerts.push(dialog.message());
    return void dialog.accept();
  }
  const answer = tab.answers.length ? tab.answers.shift()! : null;
  if (answer === null || answer === false) return void dialog.dismiss();
  return void dialog.accept(typeof answer === 'string' ? answer : undefined);
}

/** A fresh profile signed in through the form, whose prompts and confirms answer from `answers`. */
async function signedInTab(username: string, password: string, base = baseUrl()): Promise<AdminTab> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await watchCsp(context);
  const page = await context.newPage();
  const tab: AdminTab = { context, page, dialogs: [], alerts: [], answers: [], requests: [] };
  page.on('dialog', (dialog) => handle(tab, dialog));
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (/^\/api\/(admin|boost)\/|^\/api\/posts\/\d+\/boost$|^\/api\/users\/\d+$/.test(pathname)) tab.requests.push(`${req.method()} ${pathname}`);
  });
  await loginViaUi(page, username, password);
  return tab;
}

/** The admin on the panel; on the second instance every admin job answers 202 and is polled. */
const adminTab = async (base = baseUrl()) => {
  const tab = await signedInTab(E2E_ADMIN.username, E2E_ADMIN.password, base);
  await tab.page.goto('/admin-tools');
  await tab.page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  return tab;
};

const tool = (page: Page, title: string) => page.getByRole('article', { name: title });
const statusOf = (page: Page, title: string) => tool(page, title).getByRole('status');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Waits for the next alert and returns it. */
async function nextAlert(tab: AdminTab, after = tab.alerts.length, timeoutMs = 30_000): Promise<string> {
  await waitFor(() => tab.alerts.length > after, timeoutMs);
  return tab.alerts[after];
}

/** Clicks and returns the alert it leads to. */
async function clickForAlert(tab: AdminTab, target: Locator, timeoutMs?: number): Promise<string> {
  const before = tab.alerts.length;
  await target.click();
  return nextAlert(tab, before, timeoutMs);
}

/** Nothing was asked of the server for a moment after an action that should send nothing. */
async function expectNoRequest(tab: AdminTab, before: number) {
  await tab.page.waitForTimeout(300);
  expect(tab.requests.slice(before)).toEqual([]);
}

/** Waits until the locator matches exactly `n` elements (lists settle after a debounced search). */
async function untilCount(locator: Locator, n: number, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while ((await locator.count()) !== n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} matches, found ${await locator.count()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function adminApi() {
  return apiSession(E2E_ADMIN.username, E2E_ADMIN.password);
}

describe('admin tools: access', () => {
  it('a normal user sees only "Unauthorized Access"', async () => {
    const username = uniqueName('plain');
    await registerViaApi(username);
    const tab = await signedInTab(username, PASSWORD);
    await tab.page.goto('/admin-tools');
    await tab.page.getByText(MESSAGES.admin.unauthorizedAccess).waitFor();
    expect(await tab.page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
    expect(await tab.page.getByRole('button', { name: 'Run backup or restore' }).count()).toBe(0);
    await tab.context.close();
  });

  it('the admin sees every tool and the queue dashboard link', async () => {
    const tab = await adminTab();
    const { page } = tab;
    for (const title of ['Reset a password', 'Find a user', 'Manage Users', 'Delete a user', 'Back up or restore the database', 'Run an app backup', 'Sync follow tables', 'Orphaned uploads', 'Queue dashboard', 'Admin boost a post', 'Process the boost queue', 'Manage group settings', 'View Logs']) {
      await tool(page, title).waitFor();
    }
    expect(await page.getByText(MESSAGES.admin.comingSoon).count()).toBe(0);
    const dashboard = page.getByRole('link', { name: /Open queue dashboard/ });
    expect(await dashboard.getAttribute('href')).toBe('/api/admin/queues');
    expect(await dashboard.getAttribute('target')).toBe('_blank');
    await shot(page, 'admin-tools');
    // The dashboard is served by the API, to admins only.
    const res = await page.request.get('/api/admin/queues');
    expect(res.status()).toBe(200);
    await tab.context.close();
  });
});

describe('admin tools: database and maintenance', () => {
  it('backup/restore refuses a wrong word, ignores a cancelled or empty prompt, then backs up and restores', async () => {
    const tab = await adminTab();
    const { page } = tab;
    const run = button(page, 'Run backup or restore');

    let before = tab.requests.length;
    tab.answers.push('drop everything');
    expect(await clickForAlert(tab, run)).toBe(MESSAGES.admin.invalidBackupInput);
    await expectNoRequest(tab, before);

    for (const answer of [null, '', '   ']) {
      const dialogs = tab.dialogs.length;
      tab.answers.push(answer);
      await run.click();
      await waitFor(() => tab.dialogs.length === dialogs + 1);
      await expectNoRequest(tab, before);
      expect(tab.dialogs.length).toBe(dialogs + 1); // only the prompt, no alert
    }

    before = tab.requests.length;
    tab.answers.push('Backup');
    const backedUp = await clickForAlert(tab, run, 60_000);
    expect(tab.requests.slice(before)).toContain('GET /api/admin/backup');
    expect(backedUp).toMatch(/^Database backup written: .+\.dump$/);
    await statusOf(page, 'Back up or restore the database').getByText(backedUp).waitFor();

    before = tab.requests.length;
    tab.answers.push('RESTORE');
    const restored = await clickForAlert(tab, run, 60_000);
    expect(tab.requests.slice(before)).toContain('GET /api/admin/restore');
    expect(restored).toMatch(/^Database restored from .+\.dump$/);
    await statusOf(page, 'Back up or restore the database').getByText(restored).waitFor();
    await tab.context.close();
  });

  it('runs an app backup', async () => {
    const tab = await adminTab();
    const message = await clickForAlert(tab, button(tab.page, 'Run app backup'), 60_000);
    expect(message).toMatch(/^App backup written: /);
    await statusOf(tab.page, 'Run an app backup').getByText(message).waitFor();
    await tab.context.close();
  });

  it('sync follow tables asks first and then alerts the corrected counts', async () => {
    const tab = await adminTab();
    const sync = button(tab.page, 'Sync follow tables');
    const before = tab.requests.length;
    tab.answers.push(false);
    await sync.click();
    await expectNoRequest(tab, before);
    expect(tab.dialogs.at(-1)).toEqual({ type: 'confirm', message: ADMIN_TEXT.syncConfirm });

    tab.answers.push(true);
    const message = await clickForAlert(tab, sync, 60_000);
    expect(message).toMatch(/^Follow tables synced\. Follower counts corrected: \d+\. Following counts corrected: \d+\.$/);
    await tab.context.close();
  });

  it('checks orphaned uploads, lists them and deletes them after a confirmation', async () => {
    const orphan = `orphan-${uniqueName('f')}.png`;
    const file = path.join(process.env.E2E_TMP!, 'uploads', orphan);
    await writeFile(file, Buffer.from('not referenced by anything'));
    // Fresh files may still be mid-upload, so the scan skips them (ORPHAN_MIN_AGE_SECONDS); this one is a day old.
    const dayAgo = new Date(Date.now() - 86_400_000);
    await utimes(file, dayAgo, dayAgo);
    const tab = await adminTab();
    const { page } = tab;
    await button(page, 'Check orphaned uploads').click();
    const card = tool(page, 'Orphaned uploads');
    await card.getByRole('list', { name: 'Orphaned files' }).getByText(orphan).waitFor({ timeout: 60_000 });
    await card.getByRole('status').getByText(/orphaned uploads? found\.$/).waitFor();

    tab.answers.push(true);
    const message = await clickForAlert(tab, card.getByRole('button', { name: 'Delete orphaned files' }), 60_000);
    expect(message).toMatch(/^Deleted \d+ orphaned files?\.$/);
    await expect(access(file)).rejects.toThrow();
    await tab.context.close();
  });

  it('polls a job that outlasts the request (202) and shows its progress until the result', async () => {
    const tab = await adminTab(secondBaseUrl());
    const { page } = tab;
    tab.answers.push(true);
    const before = tab.alerts.length;
    await button(page, 'Sync follow tables').click();
    await statusOf(page, 'Sync follow tables').getByRole('progressbar', { name: 'Syncing follow tables...' }).waitFor();
    const message = await nextAlert(tab, before, 60_000);
    expect(message).toMatch(/^Follow tables synced\./);
    expect(tab.requests.some((r) => /^GET \/api\/admin\/jobs\/admin\/.+/.test(r))).toBe(true);
    expect(await statusOf(page, 'Sync follow tables').getByRole('progressbar').count()).toBe(0);

    // The boost rotation's 202 is polled on its own queue.
    tab.answers.push(true);
    expect(await clickForAlert(tab, button(page, 'Process boost queue'), 60_000)).toBe(BOOST_TEXT.rotated);
    expect(tab.requests.some((r) => /^GET \/api\/admin\/jobs\/boosts\/.+/.test(r))).toBe(true);
    await tab.context.close();
  });

  it('shows the group settings table in a modal', async () => {
    const tab = await adminTab();
    const { page } = tab;
    await button(page, 'Open group settings').click();
    const dialog = page.getByRole('dialog', { name: 'Group settings' });
    const silver = dialog.getByRole('row', { name: /Silver/ });
    await silver.waitFor();
    expect(await silver.innerText()).toMatch(/\$4\.99\s+500\s+4 MB\s+30 min\s+1\s+Yes/);
    expect(await dialog.getByRole('row').count()).toBe(10);
    await shot(page, 'admin-group-settings', false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await tab.context.close();
  });
});

describe('admin tools: boosts', () => {
  it('admin-boosts a post by id (a cancelled prompt does nothing) and processes the boost queue after a confirmation', async () => {
    const author = uniqueName('boosted');
    await registerViaApi(author);
    const text = `Admin boost me ${uniqueName('p')}`;
    const post = await (await apiSession(author)).post(text);

    const tab = await adminTab();
    const { page } = tab;
    const boost = button(page, 'Boost a post by id');
    let before = tab.requests.length;
    tab.answers.push(null);
    await boost.click();
    await expectNoRequest(tab, before);

    tab.answers.push('not-a-number');
    expect(await clickForAlert(tab, boost)).toBe(ADMIN_TEXT.invalidId);

    tab.answers.push(String(post.id));
    expect(await clickForAlert(tab, boost)).toBe(ADMIN_TEXT.postBoosted(post.id));
    await page.goto('/');
    await page.locator('article', { hasText: text }).first().waitFor();
    expect(await page.locator('article').first().innerText()).toContain(text);

    await page.goto('/admin-tools');
    const queue = button(page, 'Process boost queue');
    before = tab.requests.length;
    tab.answers.push(false);
    await queue.click();
    await expectNoRequest(tab, before);
    tab.answers.push(true);
    expect(await clickForAlert(tab, queue, 60_000)).toBe(BOOST_TEXT.rotated);
    await tab.context.close();
  });
});

describe('admin tools: members', () => {
  it('finds a user by username, and says "User not found." for an unknown one', async () => {
    const username = uniqueName('findme');
    await registerViaApi(username);
    const tab = await adminTab();
    const { page } = tab;
    const card = tool(page, 'Find a user');
    await card.getByLabel('Username to find').fill(username);
    await card.getByRole('button', { name: 'Find user' }).click();
    const status = card.getByRole('status');
    await status.getByText(ADMIN_TEXT.userFound(username)).waitFor();
    const details = await status.innerText();
    expect(details).toContain(`${username}@example.com`);
    // The terms are shown in capitals (CSS), so match them case-insensitively.
    expect(details).toMatch(/Group\s+5 · Basic/i);
    expect(details).toMatch(/Created\s+\w+/i);
    expect(tab.alerts).toEqual([]);
    await shot(page, 'admin-find-user', false);

    await card.getByLabel('Username to find').fill(uniqueName('nobody'));
    expect(await clickForAlert(tab, card.getByRole('button', { name: 'Find user' }))).toBe(MESSAGES.admin.userNotFound);
    await tab.context.close();
  });

  it('deletes a user by id only after the permanent confirmation', async () => {
    const victim = uniqueName('victim');
    await registerViaApi(victim);
    const { user } = await apiSession(victim);
    const tab = await adminTab();
    const { page } = tab;
    const del = button(page, 'Delete a user by id');

    const before = tab.requests.length;
    tab.answers.push(String(user.id), false);
    await del.click();
    await waitFor(() => tab.dialogs.some((d) => d.type === 'confirm'));
    expect(tab.dialogs.at(-1)).toEqual({ type: 'confirm', message: ADMIN_TEXT.deleteUserConfirm(user.id) });
    await expectNoRequest(tab, before);

    tab.answers.push(String(user.id), true);
    expect(await clickForAlert(tab, del)).toBe(ADMIN_TEXT.userDeleted(user.id));
    expect(tab.requests).toContain(`DELETE /api/users/${user.id}`);

    const card = tool(page, 'Find a user');
    await card.getByLabel('Username to find').fill(victim);
    expect(await clickForAlert(tab, card.getByRole('button', { name: 'Find user' }))).toBe(MESSAGES.admin.userNotFound);
    await tab.context.close();
  });

  it('Manage Users searches and changes a member’s group; View Logs lists the admin actions', async () => {
    const member = uniqueName('member');
    await registerViaApi(member);
    const tab = await adminTab();
    const { page } = tab;

    await button(page, 'Manage users').click();
    const users = page.getByRole('dialog', { name: 'Manage Users' });
    await users.getByRole('list', { name: 'Users' }).waitFor();
    await users.getByRole('searchbox', { name: 'Search users' }).fill(member);
    const select = users.getByLabel(`Group for @${member}`);
    await select.waitFor();
    await untilCount(users.getByRole('list', { name: 'Users' }).getByRole('listitem'), 1);
    await select.selectOption('6');
    await users.getByText(ADMIN_TEXT.groupChanged(member, '6 · Silver')).waitFor();
    const lookup = await (await adminApi()).call<{ user: { group_id: number } }>('GET', `/api/admin/user/${member}`);
    expect(lookup.user.group_id).toBe(6);
    // The admin's own group cannot be changed here.
    await users.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.username);
    expect(await users.getByLabel(`Group for @${E2E_ADMIN.username}`).isDisabled()).toBe(true);
    await users.getByRole('searchbox', { name: 'Search users' }).fill('');
    await users.getByLabel(`Group for @${member}`).waitFor();
    await untilCount(users.getByRole('list', { name: 'Users' }).getByRole('listitem').nth(1), 1);
    await shot(page, 'admin-users', false);
    await users.getByRole('button', { name: 'Close' }).click();

    await button(page, 'View logs').click();
    const logs = page.getByRole('dialog', { name: 'Admin logs' });
    const entries = logs.getByRole('list', { name: 'Log entries' });
    await entries.getByRole('listitem').filter({ hasText: 'admin.users.set_group' }).filter({ hasText: 'ok' }).first().waitFor();
    // Earlier tests' actions are there too (newest first, paged).
    await entries.getByRole('listitem').filter({ hasText: 'admin.user_lookup' }).first().waitFor();
    expect(await entries.getByRole('listitem').count()).toBeGreaterThan(1);
    await shot(page, 'admin-logs', false);
    await logs.getByRole('searchbox', { name: 'Search logs' }).fill('set_group');
    const deadline = Date.now() + 5000;
    let texts: string[] = [];
    do {
      await page.waitForTimeout(100);
      texts = await entries.getByRole('listitem').allInnerTexts();
    } while (!(texts.length > 0 && texts.every((t) => t.includes('set_group'))) && Date.now() < deadline);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((t) => t.includes('set_group'))).toBe(true);
    await tab.context.close();
  });
});

describe('admin reset', () => {
  it('the admin resets a member’s password and the member signs in with the new one', async () => {
    const member = uniqueName('forgetful');
    await registerViaApi(member);
    const tab = await adminTab();
    const { page } = tab;
    await page.getByRole('link', { name: 'Open reset form' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-reset');
    await page.getByLabel('Username').fill(member);
    await page.getByLabel('New Password').fill('a-fresh-password-9');
    const message = await clickForAlert(tab, button(page, 'Reset Password'));
    expect(message).not.toMatch(/^Error: /);
    await page.getByRole('status', { name: 'Reset result' }).getByText(message).waitFor();
    await shot(page, 'admin-reset', false);

    // An unknown user is refused with the server's message.
    await page.getByLabel('Username').fill(uniqueName('nobody'));
    await page.getByLabel('New Password').fill('a-fresh-password-9');
    expect(await clickForAlert(tab, button(page, 'Reset Password'))).toMatch(/^Error: /);
    await tab.context.close();

    const memberTab = await openTab(browser);
    await loginViaUi(memberTab.page, member, 'a-fresh-password-9');
    await memberTab.context.close();
  });

  it('a non-admin gets the alert and lands on /', async () => {
    const username = uniqueName('nosy');
    await registerViaApi(username);
    const tab = await signedInTab(username, PASSWORD);
    await tab.page.goto('/admin-reset');
    expect(await nextAlert(tab, 0)).toBe(MESSAGES.admin.resetUnauthorized);
    await tab.page.waitForURL((url) => url.pathname === '/');
    expect(tab.alerts).toEqual([MESSAGES.admin.resetUnauthorized]);
    await tab.context.close();
  });
});
