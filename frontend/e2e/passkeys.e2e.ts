import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PASSKEY_MESSAGES } from '@cloud9/contracts';
import { expectUsableScreen, serveAxe } from './a11y';
import { answerConfirm, launchBrowser, namedBaseUrl, PHONE_AND_DESKTOP, shot, signedInTab } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator with discoverable
 * credentials that verifies its user, as a phone's or laptop's does. Answers its credentials.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

async function logOut(page: Page, size: string) {
  if (size === 'phone') {
    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Logout', exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'Logout' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/login');
}

describe.each(PHONE_AND_DESKTOP)('passkeys at %s size', (size, viewport) => {
  it('adds a passkey in Settings, signs in with it without a username, and removes it', async () => {
    const { page, context, username } = await signedInTab(browser, 'pk', { base: namedBaseUrl(), viewport });
    const credentials = await virtualAuthenticator(context, page);
    await serveAxe(context);

    await page.goto('/settings');
    const block = page.locator('section.settings-block-passkeys');
    await block.getByText(PASSKEY_MESSAGES.none).waitFor();
    await block.getByLabel(PASSKEY_MESSAGES.nameLabel).fill('Work laptop');
    await block.getByRole('button', { name: PASSKEY_MESSAGES.add }).click();
    const row = block.getByRole('list', { name: PASSKEY_MESSAGES.title }).getByRole('listitem');
    await row.getByText('Work laptop').waitFor();
    await row.getByText(PASSKEY_MESSAGES.neverUsed, { exact: false }).waitFor();
    expect(await credentials()).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
    await block.scrollIntoViewIfNeeded();
    await expectUsableScreen(page, `passkeys-settings-${size}`);
    await shot(page, `${size}-settings-passkeys`, false);

    await logOut(page, size);
    const signIn = page.getByRole('button', { name: PASSKEY_MESSAGES.signIn });
    await signIn.waitFor();
    await expectUsableScreen(page, `login-passkey-${size}`);
    await shot(page, `${size}-login-passkey`);
    await signIn.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect((await page.request.get('/api/me')).status()).toBe(200);
    expect(((await (await page.request.get('/api/me')).json()) as { username: string }).username).toBe(username);
    expect((await credentials())[0].signCount).toBeGreaterThan(0);

    await page.goto('/settings');
    await row.getByText(PASSKEY_MESSAGES.lastUsedOn(''), { exact: false }).waitFor();
    await block.getByRole('button', { name: PASSKEY_MESSAGES.remove('Work laptop') }).click();
    await answerConfirm(page, PASSKEY_MESSAGES.confirmRemove('Work laptop'), 'Remove');
    await block.getByText(PASSKEY_MESSAGES.none).waitFor();
    expect(((await (await page.request.get('/api/me/passkeys')).json()) as { items: unknown[] }).items).toEqual([]);
    await context.close();
  });
});
