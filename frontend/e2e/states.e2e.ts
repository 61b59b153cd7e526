import type { Browser, Page } from 'playwright-core';
import { E2E_ADMIN, apiSession, launchBrowser, loginViaUi, openTab, registerViaApi, signedInTab, uniqueName } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every failed request (4xx/5xx answer or no answer) and console error of `page`, from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failures.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  page.on('requestfailed', (req) => {
    // A request the app cancels itself (a superseded search, a page left) is not a failure.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${req.method()} ${req.url()}: ${req.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  return failures;
}

/** Loads `path` afresh and waits until the page's requests have settled. */
async function load(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor();
}

describe('a normal page load has no failing request', () => {
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ])('every main screen of a member and of the admin (%s)', async (_name, viewport) => {
    const other = uniqueName('other');
    await registerViaApi(other);
    const { id } = await (await apiSession(other)).post(`A post to open ${uniqueName('p')}`);

    const member = await signedInTab(browser, 'clean');
    await member.page.setViewportSize(viewport);
    const memberFailures = watchFailures(member.page);
    for (const path of ['/', '/profile', `/profile/${other}`, '/notifications', '/settings', '/cloud9', `/post/${id}`, `/?search=${encodeURIComponent('#Travel')}`]) {
      await load(member.page, path);
      expect({ path, failures: memberFailures.splice(0) }).toEqual({ path, failures: [] });
    }
    expect(member.nativeDialogs).toEqual([]);
    await member.context.close();

    const admin = await openTab(browser, undefined, viewport);
    await loginViaUi(admin.page, E2E_ADMIN.username, E2E_ADMIN.password);
    const adminFailures = watchFailures(admin.page);
    for (const path of ['/', '/settings', '/admin-tools']) {
      await load(admin.page, path);
      expect({ path, failures: adminFailures.splice(0) }).toEqual({ path, failures: [] });
    }
    await admin.context.close();
  });
});
