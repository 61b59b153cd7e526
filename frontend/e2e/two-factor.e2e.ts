import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP as Totp } from 'otpauth';
import { TWO_FACTOR_MESSAGES as M } from '@cloud9/contracts';
import { axeViolations, serveAxe } from './a11y';
import { DESKTOP, launchBrowser, openTab, PASSWORD, PHONE, registerViaApi, shot, uniqueName, type Viewport } from './support';

/** The code an authenticator app would show now (the same library the server checks with, computed here). */
const codeNow = (secret: string, offsetSteps = 0) =>
  new Totp({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAxeClean = async (page: Page, where: string) => expect({ where, violations: await axeViolations(page) }).toEqual({ where, violations: [] });

async function passwordStep(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: M.secondStepTitle }).waitFor();
}

async function signOut(page: Page): Promise<void> {
  // The API's sign-out from the page itself (same origin), and the stored account with it.
  expect(await page.evaluate(() => fetch('/api/logout', { method: 'POST', credentials: 'include' }).then((r) => r.status))).toBe(200);
  await page.evaluate(() => localStorage.clear());
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as [string, Viewport][])('two-factor sign-in (%s)', (size, viewport) => {
  it('turns TOTP on in Settings, signs out, signs in with a code and then with a recovery code', async () => {
    const { page, context, alerts } = await openTab(browser, undefined, viewport);
    await serveAxe(context);
    const username = uniqueName('tfa');
    await registerViaApi(username);
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Settings: set up the app (QR code and key), confirm with a code, see the recovery codes once.
    await page.goto('/settings');
    const block = page.locator('.settings-block-two-factor');
    await block.getByRole('button', { name: M.turnOn }).click();
    const secret = (await block.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await block.locator('img.two-factor-qr').waitFor();
    expect(await block.locator('img.two-factor-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await block.scrollIntoViewIfNeeded();
    await shot(page, `${size}-two-factor-setup`, false);
    await expectAxeClean(page, 'setup');
    await block.getByLabel(M.codeLabel).fill(codeNow(secret));
    await block.getByRole('button', { name: M.enable }).click();
    const list = block.getByRole('list', { name: M.recoveryCodesTitle });
    await list.waitFor();
    const recoveryCodes = (await list.locator('code').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await block.scrollIntoViewIfNeeded();
    await shot(page, `${size}-two-factor-recovery-codes`, false);
    await expectAxeClean(page, 'recovery codes');
    await block.getByRole('button', { name: M.recoveryCodesSaved }).click();
    await block.getByText(M.isOn).waitFor();
    expect(alerts).not.toContain(M.wrongCode);

    // Signed out, the password alone no longer signs in: the second step asks for a code.
    await signOut(page);
    await passwordStep(page, username);
    await shot(page, `${size}-two-factor-login`);
    await expectAxeClean(page, 'second step');
    expect(await page.evaluate(() => fetch('/api/me', { credentials: 'include' }).then((r) => r.status))).toBe(401);
    // The enabling code was used; the next step's code (one step ahead is within the window) signs in.
    await page.getByLabel(M.codeLabel, { exact: true }).fill(codeNow(secret, 1));
    await page.getByRole('button', { name: M.verify }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    // Signed out again, the password and a recovery code in place of the code.
    const recoveryStep = async (code: string) => {
      await signOut(page);
      await passwordStep(page, username);
      await page.getByRole('button', { name: M.useRecoveryCode }).click();
      await page.getByLabel(M.recoveryCodeLabel, { exact: true }).fill(code);
    };
    await recoveryStep(recoveryCodes[0]);
    await shot(page, `${size}-two-factor-recovery-login`);
    await expectAxeClean(page, 'recovery step');
    await page.getByRole('button', { name: M.verify }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    // A recovery code works once.
    await recoveryStep(recoveryCodes[0]);
    await page.getByRole('button', { name: M.verify }).click();
    await page.getByText(M.usedRecoveryCode).waitFor();
    await context.close();
  });
});
