import type { Browser, Page } from 'playwright-core';
import { axeViolations, scrollsSideways, serveAxe } from './a11y';
import { apiSession, DESKTOP, setGroup, E2E_ADMIN, launchBrowser, loginViaUi, openTab, PASSWORD, PHONE, registerViaApi, shot, uniqueName, type Viewport } from './support';

/**
 * Every screen at a phone's size and a laptop's, walked through the main flows: each one axe-clean,
 * with one h1 and its own title, no sideways scroll at 320 px on phones, and a screenshot in
 * docs/screenshots (phone-<screen>.png, desktop-<screen>.png).
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

type Size = 'phone' | 'desktop';
const SIZES: [Size, Viewport][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Waits until no skeleton is left (the screen's code and its first data have arrived) and every
 * finite animation has ended: axe measures a dialog fading in as faded.
 */
async function settle(page: Page, heading?: string | RegExp) {
  await page.waitForFunction(() => !document.querySelector('.skeleton, .bone'));
  // The screen's own h1, not the one of the screen being left.
  if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  else await page.locator('h1').first().waitFor();
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)));
}

interface CheckOptions {
  /** The screen's h1, waited for before the checks. */
  heading?: string | RegExp;
  /** A dialog or a state of a page already checked: it keeps that page's title. */
  overlay?: boolean;
  fullPage?: boolean;
}

/** The checks every screen passes; returns the document title. */
async function checkScreen(page: Page, size: Size, screen: string, { overlay = false, fullPage = !overlay, heading }: CheckOptions = {}) {
  await settle(page, heading);
  expect({ screen, violations: await axeViolations(page) }).toEqual({ screen, violations: [] });
  expect({ screen, h1: await page.locator('h1').count() }).toEqual({ screen, h1: 1 });
  const title = await page.title();
  expect(title).toMatch(/^.+ · Cloud 9 Social$/);
  if (size === 'phone') {
    await page.setViewportSize({ width: 320, height: PHONE.height });
    expect({ screen, sideways: await scrollsSideways(page) }).toEqual({ screen, sideways: false });
    await page.setViewportSize(PHONE);
  }
  // A phone screenshot shows one screenful, as the phone does (the tab bar is fixed to its bottom).
  await shot(page, `${size}-${screen}`, size === 'phone' ? false : fullPage);
  return overlay ? null : title;
}

/** Settings, Cloud 9 and Admin Tools: in the More sheet on phones, in the nav or side panel on desktops. */
async function goTo(page: Page, size: Size, name: 'Settings' | 'Cloud 9' | 'Admin Tools') {
  if (size === 'phone') {
    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('link', { name, exact: true }).click();
    await page.getByRole('dialog', { name: 'More' }).waitFor({ state: 'detached' });
  } else {
    await page.getByRole('link', { name, exact: true }).click();
  }
}

describe.each(SIZES)('every screen at %s size', (size, viewport) => {
  it('signs up, posts, likes, replies, opens the post from a notification; profile, search, settings and Cloud 9', async () => {
    const { page, context } = await openTab(browser, undefined, viewport);
    await serveAxe(context);
    const titles: string[] = [];
    const check = async (screen: string, options?: CheckOptions) => {
      const title = await checkScreen(page, size, screen, options);
      if (title) titles.push(title);
    };

    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await check('login');
    const username = uniqueName('scr');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await check('register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await loginViaUi(page, username);
    await check('home', { heading: 'Home' });

    if (size === 'phone') {
      // The tab bar: five items, each at least 44 px tall and wide, the current one marked.
      const items = mainNav(page).locator('a, button');
      expect(await items.allTextContents()).toEqual(['Home', 'Search', 'Post', 'Notifications', 'Profile']);
      for (const box of await Promise.all((await items.all()).map((item) => item.boundingBox()))) {
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(box!.width).toBeGreaterThanOrEqual(44);
      }
      expect(await mainNav(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      // Nothing floats over the content on a phone: Post lives in the tab bar, the side panel's content in More.
      expect(await page.getByRole('button', { name: 'New post' }).count()).toBe(0);
      expect(await page.getByRole('complementary', { name: 'Topics and extras' }).count()).toBe(0);
      await mainNav(page).getByRole('button', { name: 'Post' }).click();
    } else {
      await page.getByRole('button', { name: 'New post' }).click();
    }
    const composer = page.getByRole('dialog', { name: 'New post' });
    const text = `Gold above the clouds ${uniqueName('p')}`;
    await composer.getByLabel("What's happening?").fill(text);
    await check('composer', { overlay: true });
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/posts' && r.request().method() === 'POST');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    const { id } = (await (await created).json()) as { id: number };
    await composer.waitFor({ state: 'detached' });

    const card = page.locator('article', { hasText: text }).first();
    await card.getByRole('button', { name: 'Like, 0 likes' }).click();
    await card.getByRole('button', { name: 'Unlike, 1 like' }).waitFor();
    await card.getByRole('button', { name: 'Reply, 0 replies' }).click();
    const reply = page.getByRole('dialog', { name: `Reply to @${username}` });
    await reply.getByLabel('Your reply').fill('Winning view from up here.');
    await reply.getByRole('button', { name: 'Reply', exact: true }).click();
    await card.getByRole('button', { name: 'Reply, 1 reply' }).waitFor();

    await fan.call('POST', `/api/posts/${id}/like`);
    await mainNav(page).getByRole('link', { name: /^Notifications/ }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    const alert = page.getByRole('link', { name: new RegExp(fan.user.username) }).first();
    await alert.waitFor();
    await check('notifications', { heading: 'Notifications' });
    await alert.click();
    await page.waitForURL((url) => url.pathname === `/post/${id}`);
    await page.getByText(text).first().waitFor();
    await check('post', { heading: 'Post' });

    await mainNav(page).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await check('profile', { heading: username });

    await mainNav(page).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await mainNav(page).getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill('Gold above');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Gold above');
    await card.waitFor();
    await check('search', { overlay: true, fullPage: true });

    if (size === 'phone') {
      const more = page.getByRole('banner').getByRole('button', { name: 'More' });
      await more.click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      for (const name of ['Settings', 'Cloud 9']) await sheet.getByRole('link', { name, exact: true }).waitFor();
      for (const name of ['Gift Us', 'Logout', 'Close']) await sheet.getByRole('button', { name, exact: true }).waitFor();
      await check('more', { overlay: true });
      await sheet.getByRole('button', { name: 'Close', exact: true }).click();
      await sheet.waitFor({ state: 'detached' });
      expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    await goTo(page, size, 'Settings');
    await page.waitForURL((url) => url.pathname === '/settings');
    await check('settings', { heading: 'Settings' });
    await goTo(page, size, 'Cloud 9');
    await page.waitForURL((url) => url.pathname === '/cloud9');
    await check('cloud9', { heading: 'Cloud 9' });

    expect(new Set(titles).size).toBe(titles.length);
    await context.close();
  });

  it('admin tools, as the e2e admin', async () => {
    const { page, context } = await openTab(browser, undefined, viewport);
    await serveAxe(context);
    await loginViaUi(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await goTo(page, size, 'Admin Tools');
    await page.waitForURL((url) => url.pathname === '/admin-tools');
    expect(await checkScreen(page, size, 'admin-tools')).toBe('Admin Tools · Cloud 9 Social');
    await context.close();
  });
});

describe('post cards on a 320 px phone', () => {
  it('keep one header line, the long handle cut with an ellipsis, and the boost quota on one line', async () => {
    const username = `${uniqueName('long')}_above_the_clouds`.slice(0, 30);
    await registerViaApi(username);
    await setGroup(username, 6);
    const text = `Narrow skies ${uniqueName('n')}`;
    await (await apiSession(username)).post(text);
    const { page, context } = await openTab(browser, undefined, { width: 320, height: 720 });
    await loginViaUi(page, username);
    await page.goto('/profile');
    const card = page.locator('article', { hasText: text }).first();
    const quota = card.getByText(/boosts left this month/);
    await quota.waitFor();

    const middle = async (selector: string) => {
      const box = (await card.locator(selector).first().boundingBox())!;
      return box.y + box.height / 2;
    };
    const nameLine = await middle('.post-card-name');
    for (const part of ['.post-time', 'button[aria-label="Post options"]']) expect(Math.abs((await middle(part)) - nameLine)).toBeLessThan(12);
    // Cut, not dropped: part of the handle still shows.
    expect(await card.locator('.post-card-handle').evaluate((el) => el.scrollWidth > el.clientWidth && el.clientWidth >= 24)).toBe(true);
    expect(await card.locator('.post-card-handle').evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    // One line of text: not the five-line column it was squeezed into.
    const lineHeight = await quota.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5);
    expect((await quota.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    expect(await scrollsSideways(page)).toBe(false);
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'phone-320-card', false);
    await context.close();
  });
});

describe('the tablet layout', () => {
  it('has an icon rail with Post and More, and no side panel beside the single column', async () => {
    const { page, context } = await openTab(browser, undefined, { width: 900, height: 1000 });
    await serveAxe(context);
    const username = uniqueName('tab');
    await registerViaApi(username);
    await loginViaUi(page, username);
    await settle(page);
    expect(await page.getByRole('complementary', { name: 'Topics and extras' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post' }).isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.getByRole('button', { name: 'Gift Us' }).waitFor();
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'tablet-more', false);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await shot(page, 'tablet-home', false);
    await context.close();
  });
});

/**
 * Presses Tab (Shift+Tab with `backwards`), at most 120 times, until the focused element matches
 * `selector` (and lies in the post card holding `inCard`).
 */
async function tabTo(page: Page, selector: string, { inCard, backwards = false }: { inCard?: string; backwards?: boolean } = {}) {
  const focused = () =>
    page.evaluate(
      ({ selector, inCard }) => {
        const el = document.activeElement;
        if (!el?.matches(selector)) return false;
        return !inCard || (el.closest('article')?.textContent ?? '').includes(inCard);
      },
      { selector, inCard },
    );
  for (let i = 0; i < 120; i += 1) {
    if (await focused()) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}${inCard ? ` in the card "${inCard}"` : ''}`);
}

/** The focused element's outline, as drawn: style, width in px and colour. */
const focusOutline = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
const RING = { style: 'solid', width: 3, color: 'rgb(11, 87, 208)' };
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

describe('with the keyboard only', () => {
  it('signs in, opens a dialog and closes it with focus back on its opener, posts, replies and likes; the focus ring shows on gold buttons and the current nav item', async () => {
    const { page, context } = await openTab(browser, undefined, DESKTOP);
    const username = uniqueName('kbd');
    await registerViaApi(username);
    await page.goto('/login');

    await tabTo(page, '#login-username');
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    // The focus ring is an outline the current item's own shadow cannot cover.
    await tabTo(page, 'nav a[aria-current="page"]');
    expect(await focusOutline(page)).toEqual(RING);

    // Gift Us (a gold button, near the page's end): its dialog closes on Escape, focus back on Gift Us.
    await tabTo(page, 'button.btn-gold', { backwards: true });
    expect(await focusedText(page)).toBe('Gift Us');
    expect(await focusOutline(page)).toEqual(RING);
    await page.keyboard.press('Enter');
    const donation = page.getByRole('dialog');
    await donation.waitFor();
    expect(await donation.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await donation.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Gift Us');

    const text = `Typed above the clouds ${uniqueName('k')}`;
    await tabTo(page, 'form[aria-label="Create a post"] textarea');
    await page.keyboard.type(text);
    await tabTo(page, 'form[aria-label="Create a post"] button[type="submit"]');
    await page.keyboard.press('Enter');
    const card = page.locator('article', { hasText: text }).first();
    await card.waitFor();

    await tabTo(page, 'button[aria-label="Reply, 0 replies"]', { inCard: text });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Reply to @${username}` });
    await dialog.waitFor();
    await tabTo(page, '[role="dialog"] textarea');
    await page.keyboard.type('Typed, not clicked.');
    await tabTo(page, '[role="dialog"] button[type="submit"]');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const replyButton = card.getByRole('button', { name: 'Reply, 1 reply' });
    await replyButton.waitFor();
    expect(await replyButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await tabTo(page, 'button[aria-label="Like, 0 likes"]', { inCard: text });
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Unlike, 1 like' }).waitFor();
    await context.close();
  });
});
