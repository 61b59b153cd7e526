import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@cloud9/contracts';
import { expectUsableScreen, serveAxe } from './a11y';
import { baseUrl, launchBrowser, PASSWORD, PHONE_AND_DESKTOP, shot, signedInTab } from './support';

const T = MESSAGES.accountData;
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs `username` in as a phone would (its own session): that session's cookie. */
async function signInFromPhone(username: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ANDROID_CHROME },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('c9.sid='))!.split(';')[0];
}

describe.each(PHONE_AND_DESKTOP)('sessions and the data export at %s size', (size, viewport) => {
  it('signs another device out from Settings, then asks for the data and downloads its ZIP', async () => {
    const { page, context, username } = await signedInTab(browser, 'acct', { viewport });
    await serveAxe(context);
    const phone = await signInFromPhone(username);

    await page.goto('/settings');
    const sessions = page.getByRole('list', { name: T.sessionsTitle });
    await sessions.getByText('Chrome on Android').waitFor();
    await sessions.getByText(T.thisDevice, { exact: false }).waitFor();
    await sessions.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectUsableScreen(page, `settings-sessions-${size}`);
    await shot(page, `${size}-settings-sessions`, false);

    await sessions.getByRole('button', { name: T.endSessionLabel('Chrome on Android') }).click();
    await page.locator('.toast', { hasText: T.sessionEnded }).waitFor();
    await sessions.getByText('Chrome on Android').waitFor({ state: 'detached' });
    expect((await fetch(`${baseUrl()}/api/me`, { headers: { cookie: phone } })).status).toBe(401);

    const block = page.locator('.settings-block-export');
    await block.getByRole('button', { name: T.requestExport }).click();
    await page.locator('.toast', { hasText: T.exportRequested }).waitFor();
    // The list is read again every 5 s while the export is being built.
    const link = block.getByRole('link', { name: T.downloadExport });
    await link.waitFor({ timeout: 30_000 });
    await block.getByText(T.exportTooSoon(new Date().toISOString()).split('.')[0], { exact: false }).waitFor();
    await expect(block.getByRole('button', { name: T.requestExport }).count()).resolves.toBe(0);
    // Centred: on a phone the tab bar covers the bottom of the screen.
    await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expectUsableScreen(page, `settings-export-${size}`);
    await shot(page, `${size}-settings-export`, false);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^cloud9-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile((await download.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    for (const name of ['account.json', 'posts.json', 'followers.json', 'notifications.json']) expect(zip.includes(Buffer.from(name))).toBe(true);
  });
});
