import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { access, readFile, utimes, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { BOOST_TEXT, MESSAGES } from '@cloud9/contracts';
import { ADMIN_TEXT } from '../src/features/admin/adminText';
import {
  E2E_ADMIN, PASSWORD, answerConfirm, answerPrompt, apiSession, baseUrl, launchBrowser, loginViaUi, openTab, recordAppAlerts, registerViaApi,
  secondBaseUrl, shot, uniqueName, waitFor, watchCsp,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

interface AdminTab {
  context: BrowserContext;
  page: Page;
  /** Texts of the app's alert surface (alert toasts, and confirmation questions), in order. */
  alerts: string[];
  /** The confirmation questions answered so far: they are on the alert surface too, but are not results. */
  questions: Set<string>;
  /** Native dialogs: the admin tools must raise none (checked when the tab closes). */
  nativeDialogs: string[];
  /** Paths of the /api/admin, /api/boost and /api/posts/:id/boost requests the page made. */
  requests: string[];
}

/** A fresh profile signed in through the form, whose in-app alerts and requests are recorded. */
async function signedInTab(username: string, password: string, base = baseUrl(), viewport = DESKTOP): Promise<AdminTab> {
  const context = await browser.newContext({ baseURL: base, viewport });
  await watchCsp(context);
  const tab: AdminTab = { context, page: undefined as unknown as Page, alerts: [], questions: new Set(), nativeDialogs: [], requests: [] };
  await recordAppAlerts(context, (text) => tab.alerts.push(text));
  const page = await context.newPage();
  tab.page = page;
  page.on('dialog', (dialog) => {
    tab.nativeDialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (/^\/api\/(admin|boost)\/|^\/api\/posts\/\d+\/boost$|^\/api\/users\/\d+$/.test(pathname)) tab.requests.push(`${req.method()} ${pathname}`);
  });
  await loginViaUi(page, username, password);
  return tab;
}

/** Closes the tab, after checking that nothing was asked or said through a native dialog. */
async function closeTab(tab: AdminTab) {
  expect(tab.nativeDialogs).toEqual([]);
  await tab.context.close();
}

/** The admin on the panel; on the second instance every admin job answers 202 and is polled. */
const adminTab = async (base = baseUrl(), viewport = DESKTOP) => {
  const tab = await signedInTab(E2E_ADMIN.username, E2E_ADMIN.password, base, viewport);
  await tab.page.goto('/admin-tools');
  await tab.page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  return tab;
};

const tool = (page: Page, title: string) => page.getByRole('article', { name: title });
/** A tool card's result area: its live region and the outcome the alert surface announced. */
const statusOf = (page: Page, title: string) => tool(page, title).locator('.admin-tool-status');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Waits for the next alert after index `after` that is not a confirmation question, and returns it. */
async function nextAlert(tab: AdminTab, after = tab.alerts.length, timeoutMs = 30_000): Promise<string> {
  const pending = () => tab.alerts.slice(after).filter((text) => !tab.questions.has(text));
  await waitFor(() => pending().length > 0, timeoutMs).catch(async (error: Error) => {
    // What the page showed instead is the first clue when an alert never comes.
    const body = (await tab.page.locator('main').innerText().catch(() => '')).slice(0, 500);
    throw new Error(`${error.message}: no alert on ${tab.page.url()}; the page read: ${body}`);
  });
  // Out of the way of the buttons the next step clicks (desktop toasts sit in the bottom right corner).
  for (const dismiss of await tab.page.getByRole('button', { name: 'Dismiss message' }).all()) await dismiss.click().catch(() => undefined);
  return pending()[0];
}

/** Runs `act` (a click, and the answers to what it asks) and returns the alert it leads to. */
async function alertOf(tab: AdminTab, act: () => Promise<void>, timeoutMs?: number): Promise<string> {
  const before = tab.alerts.length;
  await act();
  return nextAlert(tab, before, timeoutMs);
}

/** Clicks and returns the alert it leads to. */
const clickForAlert = (tab: AdminTab, target: Locator, timeoutMs?: number) => alertOf(tab, () => target.click(), timeoutMs);

/** Answers the in-app confirmation `question` with `label`, remembering it is a question, not a result. */
async function confirm(tab: AdminTab, question: string, label: string) {
  tab.questions.add(question);
  await answerConfirm(tab.page, question, label);
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

const axeSource = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core over the page as it is (evaluated through the DevTools protocol, so the page's CSP does
 * not apply): no violation, each listed with the elements it is about.
 */
async function expectAxeClean(page: Page, where: string) {
  // Colours are judged as they end up, not halfway through a dialog's fade-in.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
  expect({ where, violations }).toEqual({ where, violations: [] });
}

/** The page itself does not scroll sideways: wide content scrolls inside its own box. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect({ where, overflow }).toEqual({ where, overflow: 0 });
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
    await closeTab(tab);
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
    await closeTab(tab);
  });
});

describe('admin tools: database and maintenance', () => {
  it('backup/restore refuses a wrong word, ignores a cancelled or empty prompt, then backs up and restores', async () => {
    const tab = await adminTab();
    const { page } = tab;
    const run = button(page, 'Run backup or restore');

    const ask = async (answer: string | null) => {
      await run.click();
      await answerPrompt(page, ADMIN_TEXT.backupPrompt, answer);
    };

    let before = tab.requests.length;
    expect(await alertOf(tab, () => ask('drop everything'))).toBe(MESSAGES.admin.invalidBackupInput);
    await expectNoRequest(tab, before);

    for (const answer of [null, '', '   ']) {
      const alerts = tab.alerts.length;
      await ask(answer);
      await expectNoRequest(tab, before);
      expect(tab.alerts.length).toBe(alerts); // only the prompt, no alert
    }

    const results = statusOf(page, 'Back up or restore the database');
    before = tab.requests.length;
    const backedUp = await alertOf(tab, () => ask('Backup'), 60_000);
    expect(tab.requests.slice(before)).toContain('GET /api/admin/backup');
    // The file by its name: no server folder anywhere on the page.
    expect(backedUp).toMatch(/^Database backup written: cloud9-\d{8}-\d{6}-\d{3}\.dump$/);
    await results.getByText(backedUp).waitFor();
    const file = backedUp.replace('Database backup written: ', '');
    expect(await results.locator('dt').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/^file$/i), expect.stringMatching(/^size$/i)]));
    expect(await results.innerText()).toMatch(new RegExp(`File\\s+${file.replace(/\./g, '\\.')}`, 'i'));

    before = tab.requests.length;
    const restored = await alertOf(tab, () => ask('RESTORE'), 60_000);
    expect(tab.requests.slice(before)).toContain('GET /api/admin/restore');
    expect(restored).toBe(`Database restored from ${file}`);
    await results.getByText(restored).waitFor();
    expect(await results.innerText()).toMatch(/Migrations applied\s+None/i);
    expect(await page.locator('main').innerText()).not.toContain(process.env.E2E_TMP!);
    await results.scrollIntoViewIfNeeded();
    await shot(page, 'admin-backup-result', false);
    await closeTab(tab);
  });

  it('runs an app backup', async () => {
    const tab = await adminTab();
    const message = await clickForAlert(tab, button(tab.page, 'Run app backup'), 60_000);
    expect(message).toMatch(/^App backup written: cloud9-app-\d{8}-\d{6}-\d{3}\.tar\.gz$/);
    const results = statusOf(tab.page, 'Run an app backup');
    await results.getByText(message).waitFor();
    expect(await results.innerText()).toMatch(/Size\s+[\d.]+ (B|KB|MB)[\s\S]*Uploaded files archived\s+\d+/i);
    await closeTab(tab);
  });

  it('sync follow tables asks first and then alerts the corrected counts', async () => {
    const tab = await adminTab();
    const sync = button(tab.page, 'Sync follow tables');
    const before = tab.requests.length;
    await sync.click();
    // An in-app alertdialog, starting on its safe button.
    const question = tab.page.getByRole('alertdialog', { name: ADMIN_TEXT.syncConfirm });
    await question.waitFor();
    expect(await question.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(true);
    await confirm(tab, ADMIN_TEXT.syncConfirm, 'Cancel');
    await expectNoRequest(tab, before);

    const message = await alertOf(
      tab,
      async () => {
        await sync.click();
        await confirm(tab, ADMIN_TEXT.syncConfirm, 'Sync now');
      },
      60_000,
    );
    expect(message).toMatch(/^Follow tables synced\. Follower counts corrected: \d+\. Following counts corrected: \d+\.$/);
    await closeTab(tab);
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
    const list = card.getByRole('region', { name: 'Orphaned files' });
    await list.getByText(orphan, { exact: true }).waitFor({ timeout: 60_000 });
    await card.getByRole('status').getByText(/orphaned uploads? found\.$/).waitFor();
    // File names only, never where they are on the server.
    expect((await list.getByRole('listitem').allInnerTexts()).filter((name) => name.includes('/'))).toEqual([]);

    const message = await alertOf(
      tab,
      async () => {
        await card.getByRole('button', { name: 'Delete orphaned files' }).click();
        await confirm(tab, ADMIN_TEXT.orphansDeleteConfirm(await list.getByRole('listitem').count()), 'Delete files');
      },
      60_000,
    );
    expect(message).toMatch(/^Deleted \d+ orphaned files?\.$/);
    await expect(access(file)).rejects.toThrow();
    await closeTab(tab);
  });

  it('polls a job that outlasts the request (202) and shows its progress until the result', async () => {
    const tab = await adminTab(secondBaseUrl());
    const { page } = tab;
    const before = tab.alerts.length;
    await button(page, 'Sync follow tables').click();
    await confirm(tab, ADMIN_TEXT.syncConfirm, 'Sync now');
    await statusOf(page, 'Sync follow tables').getByRole('progressbar', { name: 'Syncing follow tables...' }).waitFor();
    const message = await nextAlert(tab, before, 60_000);
    expect(message).toMatch(/^Follow tables synced\./);
    expect(tab.requests.some((r) => /^GET \/api\/admin\/jobs\/admin\/.+/.test(r))).toBe(true);
    expect(await statusOf(page, 'Sync follow tables').getByRole('progressbar').count()).toBe(0);

    // The boost rotation's 202 is polled on its own queue.
    const rotated = await alertOf(
      tab,
      async () => {
        await button(page, 'Process boost queue').click();
        await confirm(tab, ADMIN_TEXT.boostQueueConfirm, 'Process now');
      },
      60_000,
    );
    expect(rotated).toBe(BOOST_TEXT.rotated);
    expect(tab.requests.some((r) => /^GET \/api\/admin\/jobs\/boosts\/.+/.test(r))).toBe(true);
    expect(await statusOf(page, 'Process the boost queue').innerText()).toMatch(/Boosts ended\s+\d+[\s\S]*Requests approved\s+\d+/i);
    await closeTab(tab);
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
    await closeTab(tab);
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
    const ask = async (answer: string | null) => {
      await boost.click();
      await answerPrompt(page, ADMIN_TEXT.boostPrompt, answer);
    };
    let before = tab.requests.length;
    await ask(null);
    await expectNoRequest(tab, before);

    expect(await alertOf(tab, () => ask('not-a-number'))).toBe(ADMIN_TEXT.invalidId);
    expect(await alertOf(tab, () => ask(String(post.id)))).toBe(ADMIN_TEXT.postBoosted(post.id));
    await page.goto('/');
    await page.locator('article', { hasText: text }).first().waitFor();
    expect(await page.locator('article').first().innerText()).toContain(text);

    await page.goto('/admin-tools');
    const queue = button(page, 'Process boost queue');
    before = tab.requests.length;
    await queue.click();
    await confirm(tab, ADMIN_TEXT.boostQueueConfirm, 'Cancel');
    await expectNoRequest(tab, before);
    const rotated = await alertOf(
      tab,
      async () => {
        await queue.click();
        await confirm(tab, ADMIN_TEXT.boostQueueConfirm, 'Process now');
      },
      60_000,
    );
    expect(rotated).toBe(BOOST_TEXT.rotated);
    await closeTab(tab);
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
    await closeTab(tab);
  });

  it('deletes a user by id only after the permanent confirmation', async () => {
    const victim = uniqueName('victim');
    await registerViaApi(victim);
    const { user } = await apiSession(victim);
    const tab = await adminTab();
    const { page } = tab;
    const del = button(page, 'Delete a user by id');

    const before = tab.requests.length;
    await del.click();
    await answerPrompt(page, ADMIN_TEXT.deleteUserPrompt, String(user.id));
    await confirm(tab, ADMIN_TEXT.deleteUserConfirm(user.id), 'Cancel');
    await expectNoRequest(tab, before);

    const deleted = await alertOf(tab, async () => {
      await del.click();
      await answerPrompt(page, ADMIN_TEXT.deleteUserPrompt, String(user.id));
      await confirm(tab, ADMIN_TEXT.deleteUserConfirm(user.id), 'Delete user');
    });
    expect(deleted).toBe(ADMIN_TEXT.userDeleted(user.id));
    expect(tab.requests).toContain(`DELETE /api/users/${user.id}`);

    const card = tool(page, 'Find a user');
    await card.getByLabel('Username to find').fill(victim);
    expect(await clickForAlert(tab, card.getByRole('button', { name: 'Find user' }))).toBe(MESSAGES.admin.userNotFound);
    await closeTab(tab);
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
    // Actions and results in words, details as labelled fields (never JSON).
    const change = entries.getByRole('listitem').filter({ hasText: 'Group change' }).filter({ hasText: 'Done' }).first();
    await change.waitFor();
    expect(await change.innerText()).toMatch(/Group\s+6 · Silver/i);
    // Earlier tests' actions are there too (newest first, paged).
    await entries.getByRole('listitem').filter({ hasText: 'User lookup' }).first().waitFor();
    expect(await entries.innerText()).not.toMatch(/[{}]/);
    expect(await entries.getByRole('listitem').count()).toBeGreaterThan(1);
    await shot(page, 'admin-logs', false);
    await logs.getByRole('searchbox', { name: 'Search logs' }).fill('set_group');
    const deadline = Date.now() + 5000;
    let texts: string[] = [];
    do {
      await page.waitForTimeout(100);
      texts = await entries.getByRole('listitem').allInnerTexts();
    } while (!(texts.length > 0 && texts.every((t) => t.includes('Group change'))) && Date.now() < deadline);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((t) => t.includes('Group change'))).toBe(true);
    await closeTab(tab);
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
    // The form shows once the admin's rights are confirmed; typing before that would be lost.
    await page.getByRole('heading', { name: 'Reset a password' }).waitFor();
    await page.getByLabel('Username').fill(member);
    await page.getByLabel('New Password').fill('a-fresh-password-9');
    expect(await page.getByLabel('Username').inputValue()).toBe(member);
    const message = await clickForAlert(tab, button(page, 'Reset Password'));
    expect(message).not.toMatch(/^Error: /);
    await page.locator('form').getByText(message).waitFor();
    await shot(page, 'admin-reset', false);

    // An unknown user is refused with the server's message.
    await page.getByLabel('Username').fill(uniqueName('nobody'));
    await page.getByLabel('New Password').fill('a-fresh-password-9');
    expect(await clickForAlert(tab, button(page, 'Reset Password'))).toMatch(/^Error: /);
    await closeTab(tab);

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
    await closeTab(tab);
  });
});

describe('admin screens on a phone and a desktop', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('%s: results read as tables and fields, wide tables scroll in their own box, and every screen is axe-clean', async (size, viewport) => {
    const tab = await adminTab(baseUrl(), viewport);
    const { page } = tab;
    const named = (name: string) => (size === 'phone' ? `admin-${name}-phone` : `admin-${name}`);

    // The queue dashboard's counts: one row per queue, a column per state.
    await button(page, 'Count jobs').click();
    const counts = tool(page, 'Queue dashboard').getByRole('table', { name: 'Jobs of each queue by state' });
    await counts.waitFor();
    expect(await counts.getByRole('columnheader').allTextContents()).toEqual(['Queue', 'Waiting', 'Running', 'Delayed', 'Failed', 'Completed']);
    expect(await counts.getByRole('rowheader').allTextContents()).toEqual(['Maintenance (backups, syncs, scans)', 'Boost rotations', 'Billing sweeps', 'Outgoing mail']);
    for (const cell of await counts.getByRole('cell').allTextContents()) expect(cell).toMatch(/^[\d,]+$/);

    // A user's details as labelled fields.
    const find = tool(page, 'Find a user');
    await find.getByLabel('Username to find').fill(E2E_ADMIN.username);
    await find.getByRole('button', { name: 'Find user' }).click();
    await find.getByText(ADMIN_TEXT.userFound(E2E_ADMIN.username)).waitFor();
    expect(await find.locator('dt').allTextContents()).toEqual(['Id', 'Username', 'Email', 'Name', 'Group', 'Created']);

    await expectNoSidewaysScroll(page, `${size} panel`);
    await expectAxeClean(page, `${size} panel with results`);
    await tool(page, 'Queue dashboard').scrollIntoViewIfNeeded();
    await shot(page, named('results'), false);
    if (size === 'phone') await shot(page, named('tools'));

    // A confirmation and a prompt, in the app.
    await button(page, 'Sync follow tables').click();
    await page.getByRole('alertdialog', { name: ADMIN_TEXT.syncConfirm }).waitFor();
    await expectAxeClean(page, `${size} confirmation`);
    await shot(page, named('confirm'), false);
    await confirm(tab, ADMIN_TEXT.syncConfirm, 'Cancel');
    await button(page, 'Run backup or restore').click();
    await page.getByRole('dialog', { name: ADMIN_TEXT.backupPrompt }).waitFor();
    await expectAxeClean(page, `${size} prompt`);
    await answerPrompt(page, ADMIN_TEXT.backupPrompt, null);

    // Group settings: on a phone the table scrolls sideways inside its box, never the page.
    await button(page, 'Open group settings').click();
    const groups = page.getByRole('dialog', { name: 'Group settings' });
    const table = groups.getByRole('region', { name: 'Limits of every group' });
    await table.getByRole('row', { name: /Silver/ }).waitFor();
    const box = await table.evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth, focusable: el.tabIndex === 0 }));
    expect(box).toEqual({ scrolls: size === 'phone', focusable: true });
    await expectNoSidewaysScroll(page, `${size} group settings`);
    await expectAxeClean(page, `${size} group settings`);
    if (size === 'phone') await shot(page, named('group-settings'), false);
    await groups.getByRole('button', { name: 'Close' }).click();

    await button(page, 'Manage users').click();
    const users = page.getByRole('dialog', { name: 'Manage Users' });
    await users.getByRole('list', { name: 'Users' }).getByRole('listitem').first().waitFor();
    await expectAxeClean(page, `${size} manage users`);
    await users.getByRole('button', { name: 'Close' }).click();

    await button(page, 'View logs').click();
    const logs = page.getByRole('dialog', { name: 'Admin logs' });
    await logs.getByRole('list', { name: 'Log entries' }).getByRole('listitem').first().waitFor();
    expect(await logs.innerText()).not.toMatch(/[{}]/);
    // The log is longer than the screen: it scrolls inside the dialog, whose Close stays in sight
    // (it does not move away as further pages load under it).
    const close = (await logs.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.y + close.height).toBeLessThanOrEqual(viewport.height);
    expect(await logs.locator('.modal-body').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expectNoSidewaysScroll(page, `${size} logs`);
    await expectAxeClean(page, `${size} logs`);
    if (size === 'phone') await shot(page, named('logs'), false);
    await logs.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('link', { name: 'Open reset form' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset a password' }).waitFor();
    await expectNoSidewaysScroll(page, `${size} reset`);
    await expectAxeClean(page, `${size} reset form`);
    await closeTab(tab);
  });
});
