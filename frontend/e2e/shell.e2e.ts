import type { Browser } from 'playwright-core';
import { MESSAGES, PRODUCT } from '@cloud9/contracts';
import { E2E_ADMIN, launchBrowser, loginViaUi, openTab, PASSWORD, registerViaApi, shot, takeCspViolations, uniqueName, waitFor } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the signed-in shell', () => {
  it('shows navigation, side panel and footer, and no Admin Tools to a Basic user', async () => {
    const { page, context } = await openTab(browser);
    const username = uniqueName('shell');
    await registerViaApi(username);
    await loginViaUi(page, username);
    for (const name of ['Home', 'Profile', 'Notifications', 'Settings', 'Cloud 9']) {
      await page.getByRole('link', { name, exact: true }).first().waitFor();
    }
    await page.getByText(PRODUCT.footer).waitFor();
    await page.getByRole('button', { name: 'Gift Us' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin Tools' }).count()).toBe(0);
    await shot(page, 'shell-home');

    await page.goto('/admin-tools');
    await page.getByText(MESSAGES.admin.unauthorizedAccess).waitFor();
    await context.close();
  });

  it('shows Admin Tools to the admin created from ADMIN_USERNAME', async () => {
    const { page, context } = await openTab(browser);
    await loginViaUi(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.getByRole('link', { name: 'Admin Tools' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-tools');
    expect(await page.getByText(MESSAGES.admin.unauthorizedAccess).count()).toBe(0);
    await context.close();
  });

  it('saves a profile edit that survives a reload', async () => {
    const { page, context } = await openTab(browser);
    const username = uniqueName('edit');
    await registerViaApi(username);
    await loginViaUi(page, username);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Nimbus Winner');
    await dialog.getByLabel('Bio').fill('Above the clouds, every day.');
    await dialog.getByLabel('Location').fill('Cloud City');
    await shot(page, 'edit-profile', false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByText('Nimbus Winner').first().waitFor();
    await page.getByText('Above the clouds, every day.').first().waitFor();
    await shot(page, 'profile');
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ name: 'Nimbus Winner', bio: 'Above the clouds, every day.', location: 'Cloud City' });
    await context.close();
  });

  it('changes the password in the edit dialog: the current one is asked for, a wrong one is refused, other browsers are signed out', async () => {
    const username = uniqueName('pwd');
    await registerViaApi(username);
    const here = await openTab(browser);
    const elsewhere = await openTab(browser);
    await loginViaUi(here.page, username);
    await loginViaUi(elsewhere.page, username);
    const { page, alerts } = here;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog');
    // The form loads on first use: counting its fields before it shows would prove nothing.
    await dialog.getByLabel('New Password', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Current Password').count()).toBe(0);
    await dialog.getByLabel('New Password', { exact: true }).fill('a-higher-cloud-10');
    await dialog.getByLabel('Confirm New Password').fill('a-higher-cloud-10');
    await dialog.getByLabel('Current Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await waitFor(() => alerts.includes(MESSAGES.auth.currentPasswordWrong));
    expect((await elsewhere.page.request.get('/api/me')).status()).toBe(200);

    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await page.request.get('/api/me')).status()).toBe(200);
    expect((await elsewhere.page.request.get('/api/me')).status()).toBe(401);
    await here.context.close();
    await elsewhere.context.close();
    const fresh = await openTab(browser);
    await loginViaUi(fresh.page, username, 'a-higher-cloud-10');
    await fresh.context.close();
  });

  it('filters settings and shows the empty result', async () => {
    const { page, context } = await openTab(browser);
    const username = uniqueName('set');
    await registerViaApi(username);
    await loginViaUi(page, username);
    await page.goto('/settings');
    // The screen's code loads lazily: shoot the page, not its loading state.
    await page.getByPlaceholder('Search settings...').waitFor();
    await shot(page, 'settings');
    await page.getByPlaceholder('Search settings...').fill('zzzz-nothing');
    await page.getByText(MESSAGES.empty.noResults).waitFor();
    await context.close();
  });
});

describe('the app shell\'s Content-Security-Policy', () => {
  it('refuses a script injected into the page, and the violation is recorded (so suites that record none are clean)', async () => {
    const { page, context } = await openTab(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(takeCspViolations()).toEqual([]); // nothing so far in this suite, this shell included, broke a rule
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    // Both reports arrive: the page's securitypolicyviolation event and Chromium's console error.
    const seen: string[] = [];
    await waitFor(() => (seen.push(...takeCspViolations()), seen.length >= 2));
    expect(seen).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\[csp-violation\] script-src-elem blocked inline/), expect.stringMatching(/Content Security Policy directive 'script-src 'self'/)]),
    );
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    await context.close();
  });
});
