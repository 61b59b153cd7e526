import type { Browser } from 'playwright-core';
import { MESSAGES, PRODUCT } from '@cloud9/contracts';
import { E2E_ADMIN, launchBrowser, loginViaUi, openTab, registerViaApi, shot, uniqueName } from './support';

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

  it('filters settings and shows the empty result', async () => {
    const { page, context } = await openTab(browser);
    const username = uniqueName('set');
    await registerViaApi(username);
    await loginViaUi(page, username);
    await page.goto('/settings');
    await shot(page, 'settings');
    await page.getByPlaceholder('Search settings...').fill('zzzz-nothing');
    await page.getByText(MESSAGES.empty.noResults).waitFor();
    await context.close();
  });
});
