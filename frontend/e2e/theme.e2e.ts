import type { Browser, BrowserContext, Page } from 'playwright-core';
import { THEME_COLORS } from '@cloud9/contracts';
import { axeViolations, serveAxe } from './a11y';
import { SIZES, walkAdminTools, walkEveryScreen } from './screen-walk';
import { apiSession, launchBrowser, loginViaUi, openTab, PHONE, registerViaApi, shot, uniqueName } from './support';

/**
 * The dark theme: every screen at a phone's size and a laptop's in the dark scheme (the walk of
 * screens.e2e.ts, which walks the light one), axe-clean, contrast included, with screenshots
 * (phone-dark-*.png, desktop-dark-*.png); the choice kept on the account and drawn by another
 * browser after sign-in; the first paint already in the stored theme; the browser chrome's colour
 * and the emoji and GIF pickers following it.
 */

let browser: Browser;
let fan: Awaited<ReturnType<typeof apiSession>>;
beforeAll(async () => {
  browser = await launchBrowser();
  const fanName = uniqueName('fan');
  await registerViaApi(fanName);
  fan = await apiSession(fanName);
});
afterAll(async () => {
  await browser?.close();
});

/** The page as drawn: the theme chosen, the scheme the tokens are in, and the theme-color metas' colours. */
const drawn = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    scheme: getComputedStyle(document.documentElement).colorScheme,
    surface: getComputedStyle(document.documentElement).getPropertyValue('--surface').trim(),
    metas: Array.from(document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')).map((m) => m.content),
  }));

const NIGHT_SURFACE = '#0f2246';
const DAY_SURFACE = '#ffffff';

/** A screen of the dark walk: the night's tokens are the ones drawn. */
async function expectNight(page: Page, screen: string) {
  const { scheme, surface } = await drawn(page);
  expect({ screen, scheme, surface }).toEqual({ screen, scheme: 'dark', surface: NIGHT_SURFACE });
}

describe.each(SIZES)('every screen at %s size, at night', (size, viewport) => {
  it('signs up, posts, likes, replies, opens the post from a notification; profile, search, settings and Cloud 9', () =>
    walkEveryScreen(browser, fan, size, viewport, { shots: `${size}-dark`, colorScheme: 'dark', alsoCheck: expectNight }));

  it('admin tools, as the e2e admin', () => walkAdminTools(browser, size, viewport, { shots: `${size}-dark`, colorScheme: 'dark', alsoCheck: expectNight }));
});

/**
 * Records, from before the page's first script, the theme on <html> at the first animation frame
 * (before the first paint) and every later change of it.
 */
async function recordFirstPaint(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: (string | undefined)[] = [];
    (window as unknown as { __themes: typeof seen }).__themes = seen;
    requestAnimationFrame(() => {
      seen.push(`first frame: ${document.documentElement.dataset.theme} ${getComputedStyle(document.documentElement).colorScheme}`);
    });
    new MutationObserver(() => seen.push(`changed: ${document.documentElement.dataset.theme}`)).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
  });
}
const themesSeen = (page: Page) => page.evaluate(() => (window as unknown as { __themes: string[] }).__themes);

describe('the theme switch', () => {
  it('is kept on the account: another browser draws it after sign-in, and from its first paint on every later load', async () => {
    const username = uniqueName('thm');
    await registerViaApi(username);

    // The first browser: the device is light; the member picks Dark in Settings → Appearance.
    const first = await openTab(browser, undefined, PHONE, { colorScheme: 'light' });
    await serveAxe(first.context);
    await loginViaUi(first.page, username);
    expect(await drawn(first.page)).toMatchObject({ theme: 'system', scheme: 'light', metas: [THEME_COLORS.light, THEME_COLORS.dark] });
    await first.page.goto('/settings');
    const appearance = first.page.getByRole('group', { name: 'Theme' });
    await appearance.getByRole('radio', { name: /System/ }).waitFor();
    expect(await appearance.getByRole('radio', { name: /System/ }).isChecked()).toBe(true);
    const saved = first.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/theme' && r.request().method() === 'PUT');
    await appearance.getByRole('radio', { name: 'Dark' }).check();
    expect((await saved).status()).toBe(200);
    expect(await drawn(first.page)).toEqual({ theme: 'dark', scheme: 'dark', surface: NIGHT_SURFACE, metas: [THEME_COLORS.dark, THEME_COLORS.dark] });
    expect(await axeViolations(first.page)).toEqual([]);
    await shot(first.page, 'phone-dark-settings-appearance', false);

    // Another browser, light too, that has never seen the account: signed out it follows the device.
    const other = await openTab(browser, undefined, PHONE, { colorScheme: 'light' });
    await serveAxe(other.context);
    await recordFirstPaint(other.context);
    await other.page.goto('/login');
    expect(await drawn(other.page)).toMatchObject({ theme: 'system', scheme: 'light', surface: DAY_SURFACE });
    // Signed in, it draws the account's theme, and keeps it for its next loads.
    await loginViaUi(other.page, username);
    await other.page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await drawn(other.page)).toEqual({ theme: 'dark', scheme: 'dark', surface: NIGHT_SURFACE, metas: [THEME_COLORS.dark, THEME_COLORS.dark] });
    expect(await other.page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // No flash: a new load is dark from its first frame, and never drawn in another theme.
    for (const path of ['/', '/settings', '/profile']) {
      await other.page.goto(path);
      await other.page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect({ path, seen: await themesSeen(other.page) }).toEqual({ path, seen: ['first frame: dark dark'] });
    }
    // Signed out, the last choice of this browser stays.
    await other.page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    await other.page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Logout' }).click();
    await other.page.waitForURL((url) => url.pathname === '/login');
    await other.page.reload();
    await other.page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await themesSeen(other.page)).toEqual(['first frame: dark dark']);
    expect(await axeViolations(other.page)).toEqual([]);

    // Back in the first browser: Light, then System (each saved), and the chrome's colour follows.
    const light = first.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/theme' && r.request().method() === 'PUT');
    await appearance.getByRole('radio', { name: 'Light' }).check();
    expect(await (await light).json()).toEqual({ theme: 'light' });
    expect(await drawn(first.page)).toEqual({ theme: 'light', scheme: 'light', surface: DAY_SURFACE, metas: [THEME_COLORS.light, THEME_COLORS.light] });
    const system = first.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/theme' && r.request().method() === 'PUT');
    await appearance.getByRole('radio', { name: /System/ }).check();
    expect(await (await system).json()).toEqual({ theme: 'system' });
    expect(await drawn(first.page)).toEqual({ theme: 'system', scheme: 'light', surface: DAY_SURFACE, metas: [THEME_COLORS.light, THEME_COLORS.dark] });
    // System follows the device when it turns dark.
    await first.page.emulateMedia({ colorScheme: 'dark' });
    expect(await drawn(first.page)).toMatchObject({ theme: 'system', scheme: 'dark', surface: NIGHT_SURFACE });
    await Promise.all([first.context.close(), other.context.close()]);
  });

  it('the emoji and GIF pickers follow it', async () => {
    const username = uniqueName('thp');
    await registerViaApi(username);
    await (await apiSession(username)).call('PUT', '/api/me/theme', { theme: 'dark' });
    const { page, context } = await openTab(browser, undefined, PHONE, { colorScheme: 'light' });
    await serveAxe(context);
    // The stand-in emoji CDN: nothing to draw, but nothing left waiting either.
    await context.route('https://emoji-cdn.test/**', (route) => route.fulfill({ status: 404, body: '' }));
    await loginViaUi(page, username);
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post' }).click();
    const composer = page.getByRole('dialog', { name: 'New post' });
    await composer.getByRole('button', { name: 'Emoji', exact: true }).click();
    const picker = composer.getByRole('group', { name: 'Emoji picker' });
    await picker.waitFor();
    expect(await picker.locator('.epr-dark-theme').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'phone-dark-emoji-picker', false);
    await composer.getByRole('button', { name: 'Emoji', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    await composer.getByRole('button', { name: 'GIF', exact: true }).click();
    const gifs = composer.getByRole('group', { name: 'GIF picker' });
    await gifs.getByRole('group', { name: 'Categories' }).getByRole('button').first().waitFor();
    // The night's surfaces (--surface, --surface-alt), not the day's white.
    expect(['rgb(15, 34, 70)', 'rgb(12, 29, 61)']).toContain(await gifs.evaluate((el) => getComputedStyle(el).backgroundColor));
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'phone-dark-gif-picker', false);
    await context.close();
  });
});
