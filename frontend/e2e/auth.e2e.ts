import type { Browser } from 'playwright-core';
import { MESSAGES } from '@cloud9/contracts';
import { launchBrowser, loginViaUi, openTab, PASSWORD, registerViaApi, shot, uniqueName, waitFor } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing up, in and out', () => {
  it('registers through the form, returns to Login with cleared fields, then signs in', async () => {
    const { page, alerts, context } = await openTab(browser);
    const username = uniqueName('reg');
    await page.goto('/login');
    await shot(page, 'login');

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await shot(page, 'register');
    await page.getByRole('button', { name: 'Create account' }).click();

    await waitFor(() => alerts.includes(MESSAGES.auth.registered));
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    await loginViaUi(page, username);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('currentUser') ?? 'null'));
    expect(stored).toMatchObject({ username, group_id: 5 });
    expect(JSON.stringify(stored)).not.toMatch(/password|argon2/i);
    await context.close();
  });

  it('refuses mismatched passwords without an account being made', async () => {
    const { page, alerts, context } = await openTab(browser);
    const username = uniqueName('mis');
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD + 'x');
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitFor(() => alerts.includes(MESSAGES.auth.passwordsDoNotMatch));
    const res = await page.request.get(`/api/profile/${username}`);
    expect(res.status()).toBe(404);
    await context.close();
  });

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 860 }],
  ])('error toasts never cover the register form (%s)', async (name, viewport) => {
    const { page, alerts, nativeDialogs, context } = await openTab(browser, undefined, viewport);
    const taken = uniqueName('taken');
    await registerViaApi(taken);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    const create = page.getByRole('button', { name: 'Create account' });
    // Three different errors in a row: blank fields, mismatched passwords, a taken username.
    await create.click();
    await page.getByLabel('Username').fill(taken);
    await page.getByLabel('Email').fill(`${taken}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD + 'x');
    await create.click();
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await create.click();
    await waitFor(() => alerts.length >= 3);
    expect(alerts.slice(0, 2)).toEqual([MESSAGES.auth.allFieldsRequired, MESSAGES.auth.passwordsDoNotMatch]);
    expect(nativeDialogs).toEqual([]);
    expect(await page.locator('.toast-region [role="alert"]').count()).toBe(3);
    // What a tap at the centre of each control of the form reaches (scrolled into view, as a
    // finger needs it) is the control itself.
    for (const control of [create, page.getByRole('link', { name: MESSAGES.auth.forgotPassword }), page.getByLabel('Confirm Password')]) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button, input, a')?.outerHTML ?? '', [box.x + box.width / 2, box.y + box.height / 2]);
      expect(hit).toBe(await control.evaluate((el) => el.outerHTML));
    }
    await shot(page, `register-errors-${name}`, false);
    await context.close();
  });

  it('shows the server error for a wrong password and stays signed out', async () => {
    const { page, alerts, context } = await openTab(browser);
    const username = uniqueName('bad');
    await registerViaApi(username);
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const expected = MESSAGES.auth.loginErrorPrefix + MESSAGES.auth.invalidCredentials;
    await waitFor(() => alerts.includes(expected));
    await page.getByText(expected).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    await context.close();
  });

  it('logs out: alerts, clears the stored user, ends the server session and goes to /login', async () => {
    const { page, alerts, context } = await openTab(browser);
    const username = uniqueName('out');
    await registerViaApi(username);
    await loginViaUi(page, username);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await waitFor(() => alerts.includes(MESSAGES.auth.loggedOut));
    expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await context.close();
  });
});

describe('routing rules', () => {
  it('sends a signed-out visitor from any path but a post\'s permalink to /login', async () => {
    const { page, context } = await openTab(browser);
    // A post's permalink (/post/:id) is public and read-only: threads.e2e.ts opens one signed out.
    for (const route of ['/', '/profile', '/settings', '/cloud9', '/admin-tools', '/no/such/page']) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/login');
    }
    await context.close();
  });

  it('sends a signed-in user from /login and unknown paths to /, and serves the route table', async () => {
    const { page, context } = await openTab(browser);
    const username = uniqueName('route');
    await registerViaApi(username);
    await loginViaUi(page, username);
    for (const route of ['/login', '/no/such/page']) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === '/');
    }
    for (const route of ['/profile', '/settings', '/notifications', '/cloud9', '/post/123', `/profile/${username}`]) {
      await page.goto(route);
      expect(new URL(page.url()).pathname).toBe(route);
    }
    await context.close();
  });
});
