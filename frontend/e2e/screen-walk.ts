import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@cloud9/contracts';
import { axeViolations, scrollsSideways, serveAxe } from './a11y';
import { apiSession, DESKTOP, E2E_ADMIN, loginViaUi, openTab, PASSWORD, PHONE, shot, uniqueName, type Viewport } from './support';

/**
 * The walk through every screen at a phone's size and a laptop's, through the main flows: each one
 * axe-clean, with one h1 and its own title, no sideways scroll at 320 px on phones, its end above the
 * phone's tab bar, and a screenshot in docs/screenshots (<shots>-<screen>.png). screens.e2e.ts walks
 * it in the device's light scheme, theme.e2e.ts in its dark one.
 */

type Size = 'phone' | 'desktop';
export const SIZES: [Size, Viewport][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

interface WalkOptions {
  /** The screenshots' name prefix: `phone`, `desktop-dark`... */
  shots: string;
  /** The device's colour scheme (prefers-color-scheme) in the walk's browser context. */
  colorScheme?: 'light' | 'dark';
  /** Runs on every screen and overlay once it is checked (a theme's own checks). */
  alsoCheck?: (page: Page, screen: string) => Promise<void>;
}

/** A signed-in account the walk's alerts come from. */
type Fan = Awaited<ReturnType<typeof apiSession>>;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Waits until no skeleton is left (the screen's code and its first data have arrived) and every
 * finite animation has ended: axe measures a dialog fading in as faded.
 */
export async function settle(page: Page, heading?: string | RegExp) {
  await page.waitForFunction(() => !document.querySelector('.skeleton, .bone'));
  // The screen's own h1, not the one of the screen being left.
  if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  else await page.locator('h1').first().waitFor();
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)));
}

/**
 * On a phone, scrolled to the page's end: the bottom of the last thing drawn in the page (the main
 * column's last visible element, and the footer) against the top of the fixed tab bar. Scrolls back.
 */
async function endAboveTabBar(page: Page): Promise<{ lastBottom: number; tabBarTop: number; last: string }> {
  return page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Reaching the end of a long list loads its next page (a spinner at the end, then more rows):
    // measure once the end stays the end.
    for (let tries = 0; tries < 50; tries++) {
      const height = document.documentElement.scrollHeight;
      window.scrollTo(0, height);
      await frames();
      if (!document.querySelector('main .spinner') && document.documentElement.scrollHeight === height) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const tabBar = document.querySelector('.tab-bar')!.getBoundingClientRect();
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.height > 0 && box.width > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    // The deepest last visible element of the main column, then the footer after it.
    let last: Element | null = document.querySelector('main');
    for (;;) {
      const children: Element[] = last ? Array.from(last.children).filter(visible) : [];
      if (children.length === 0) break;
      last = children[children.length - 1];
    }
    const footer = document.querySelector('.app-footer');
    const ends = [last, footer].filter((el): el is Element => el !== null && visible(el));
    const lastBottom = Math.max(...ends.map((el) => el.getBoundingClientRect().bottom));
    const describe = (el: Element | null) => (el ? `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"` : '');
    window.scrollTo(0, 0);
    return { lastBottom: Math.round(lastBottom), tabBarTop: Math.round(tabBar.top), last: describe(last) };
  });
}

interface CheckOptions {
  /** The screen's h1, waited for before the checks. */
  heading?: string | RegExp;
  /** A dialog or a state of a page already checked: it keeps that page's title. */
  overlay?: boolean;
  fullPage?: boolean;
}

/** The checks every screen passes; returns the document title. */
async function checkScreen(page: Page, size: Size, screen: string, walk: WalkOptions, { overlay = false, fullPage = !overlay, heading }: CheckOptions = {}) {
  await settle(page, heading);
  expect({ screen, violations: await axeViolations(page) }).toEqual({ screen, violations: [] });
  expect({ screen, h1: await page.locator('h1').count() }).toEqual({ screen, h1: 1 });
  const title = await page.title();
  expect(title).toMatch(/^.+ · Cloud 9 Social$/);
  if (size === 'phone') {
    await page.setViewportSize({ width: 320, height: PHONE.height });
    expect({ screen, sideways: await scrollsSideways(page) }).toEqual({ screen, sideways: false });
    await page.setViewportSize(PHONE);
    // Nothing hides under the tab bar: the page's end shows above it.
    if (!overlay && (await page.locator('.tab-bar').count()) > 0) {
      const end = await endAboveTabBar(page);
      expect({ screen, ...end, above: end.lastBottom <= end.tabBarTop }).toEqual({ screen, ...end, above: true });
    }
  }
  await walk.alsoCheck?.(page, screen);
  // A phone screenshot shows one screenful, as the phone does (the tab bar is fixed to its bottom).
  await shot(page, `${walk.shots}-${screen}`, size === 'phone' ? false : fullPage);
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

/** Signs up, posts, likes, replies, opens the post from a notification; profile, search, settings and Cloud 9. */
export async function walkEveryScreen(browser: Browser, fan: Fan, size: Size, viewport: Viewport, walk: WalkOptions): Promise<void> {
  const { page, context } = await openTab(browser, undefined, viewport, { colorScheme: walk.colorScheme });
  await serveAxe(context);
  const titles: string[] = [];
  const check = async (screen: string, options?: CheckOptions) => {
    const title = await checkScreen(page, size, screen, walk, options);
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
  // A new account's profile: its end ("No posts found.") shows above a phone's tab bar without scrolling.
  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  await page.waitForURL((url) => url.pathname === '/profile');
  await check('profile-empty', { heading: username });
  if (size === 'phone') {
    const message = (await page.getByText(MESSAGES.empty.noPostsFound).boundingBox())!;
    const tabBar = (await page.locator('.tab-bar').boundingBox())!;
    expect({ noPostsBottom: message.y + message.height, above: message.y + message.height <= tabBar.y }).toEqual({ noPostsBottom: message.y + message.height, above: true });
  }
  await mainNav(page).getByRole('link', { name: 'Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await check('home', { heading: 'Home' });

  if (size === 'phone') {
    // The tab bar: five items, each at least 44 px tall and wide, the current one marked.
    const items = mainNav(page).locator('a, button');
    expect(await items.allTextContents()).toEqual(['Home', 'Messages', 'Post', 'Notifications', 'Profile']);
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
  if (size === 'phone') {
    // The tab bar's Search place is Messages': Search is in the More sheet.
    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Search', exact: true }).click();
  } else {
    await mainNav(page).getByRole('button', { name: 'Search' }).click();
  }
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Search posts');
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

  // profile-empty and profile share their title.
  expect(new Set(titles).size).toBe(titles.length - 1);
  await context.close();
}

/** Admin tools, as the e2e admin. */
export async function walkAdminTools(browser: Browser, size: Size, viewport: Viewport, walk: WalkOptions): Promise<void> {
  const { page, context } = await openTab(browser, undefined, viewport, { colorScheme: walk.colorScheme });
  await serveAxe(context);
  await loginViaUi(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await goTo(page, size, 'Admin Tools');
  await page.waitForURL((url) => url.pathname === '/admin-tools');
  expect(await checkScreen(page, size, 'admin-tools', walk)).toBe('Admin Tools · Cloud 9 Social');
  await context.close();
}
