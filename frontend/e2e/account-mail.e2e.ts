import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { readMail } from '../../backend/test/support/smtp';
import { MESSAGES } from '@cloud9/contracts';
import { expectUsableScreen, serveAxe } from './a11y';
import { launchBrowser, loginViaUi, openTab, PASSWORD, PHONE_AND_DESKTOP, registerViaApi, shot, uniqueName, waitFor } from './support';

const NEW_PASSWORD = 'a-fresh-password-30';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The link of the newest mail to `address` whose subject matches: the e2e app has no SMTP_URL, so
 * each mail is an .eml file in MAIL_DIR (read as a mail client would, with mailparser).
 */
async function linkInMail(address: string, subject: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR!;
  for (let tries = 0; ; tries++) {
    const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    for (const name of names.reverse()) {
      const mail = await readMail(await fs.readFile(path.join(dir, name)));
      if (mail.to === address.toLowerCase() && subject.test(mail.subject)) {
        const link = /(https?:\/\/\S+\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
        if (link) return link;
      }
    }
    if (tries > 200) throw new Error(`no mail "${subject.source}" to ${address} in ${dir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The page at both sizes: axe clean, one h1, no sideways scroll, and its screenshots. */
async function checkBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of PHONE_AND_DESKTOP) {
    await page.setViewportSize(viewport);
    await expectUsableScreen(page, `${size}-${name}`, { oneHeading: true });
    await shot(page, `${size}-${name}`);
  }
}

describe('the account mail in the browser', () => {
  it('sign-up → the calm banner → the link in the mail verifies the address (and the banner goes)', async () => {
    const { page, alerts, context } = await openTab(browser);
    await serveAxe(context);
    const username = uniqueName('ver');
    const email = `${username}@example.com`;
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitFor(() => alerts.includes(MESSAGES.auth.registered));
    await loginViaUi(page, username);

    const banner = page.getByRole('complementary', { name: 'Email verification' });
    await banner.getByText(MESSAGES.accountMail.unverifiedBanner(email)).waitFor();
    await checkBothSizes(page, 'verify-banner');

    const link = await linkInMail(email, /verify your email/i);
    expect(link.startsWith(`${process.env.E2E_BASE_URL}/verify-email?token=`)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(link);
    await page.getByRole('status').getByText(MESSAGES.accountMail.verified).waitFor();
    await checkBothSizes(page, 'verify-email');

    await page.getByRole('link', { name: 'Continue to Cloud 9 Social' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await banner.waitFor({ state: 'detached' });
    const me = await page.request.get('/api/me');
    expect((await me.json()).emailVerified).toBe(true);

    // The same link again: used.
    await page.goto(link);
    await page.getByRole('alert').getByText(MESSAGES.accountMail.verifyLinkUsed).waitFor();
    await context.close();
  });

  it('"Forgot password?" → the mailed link → a new password; the session elsewhere is signed out', async () => {
    const username = uniqueName('rst');
    const email = `${username}@example.com`;
    await registerViaApi(username);
    const elsewhere = await openTab(browser);
    await loginViaUi(elsewhere.page, username);

    const { page, context } = await openTab(browser);
    await serveAxe(context);
    await page.goto('/login');
    await page.getByRole('link', { name: MESSAGES.accountMail.forgotLink }).click();
    await page.getByRole('heading', { level: 1, name: MESSAGES.accountMail.forgotTitle }).waitFor();
    await checkBothSizes(page, 'forgot-password');
    await page.getByLabel('Username or email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').getByText(MESSAGES.accountMail.resetSent).waitFor();
    await checkBothSizes(page, 'forgot-password-sent');

    const link = await linkInMail(email, /reset your/i);
    expect(link.startsWith(`${process.env.E2E_BASE_URL}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: MESSAGES.accountMail.resetTitle }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').first().waitFor();
    await checkBothSizes(page, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('status').getByText(MESSAGES.accountMail.passwordReset).waitFor();
    await checkBothSizes(page, 'reset-password-done');

    // The other browser's session ended with the reset: its next request is refused and it lands on /login.
    expect((await elsewhere.page.request.get('/api/me')).status()).toBe(401);
    await elsewhere.page.reload();
    await elsewhere.page.waitForURL((url) => url.pathname === '/login');

    await page.getByRole('link', { name: 'Log in' }).click();
    await loginViaUi(page, username, NEW_PASSWORD);
    await context.close();
    await elsewhere.context.close();
  });
});
