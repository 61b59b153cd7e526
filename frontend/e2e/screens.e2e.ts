import type { Browser, Page } from 'playwright-core';
import { axeViolations, scrollsSideways, serveAxe } from './a11y';
import { SIZES, settle, walkAdminTools, walkEveryScreen } from './screen-walk';
import { apiSession, DESKTOP, setGroup, launchBrowser, loginViaUi, openTab, PASSWORD, registerViaApi, shot, uniqueName } from './support';

/**
 * Every screen at a phone's size and a laptop's, walked through the main flows (screen-walk.ts) in
 * the device's light scheme: each one axe-clean, with one h1 and its own title, no sideways scroll at
 * 320 px on phones, its end above the phone's tab bar, and a screenshot in docs/screenshots
 * (phone-<screen>.png, desktop-<screen>.png). theme.e2e.ts walks the same in the dark scheme.
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

describe.each(SIZES)('every screen at %s size', (size, viewport) => {
  it('signs up, posts, likes, replies, opens the post from a notification; profile, search, settings and Cloud 9', () =>
    walkEveryScreen(browser, fan, size, viewport, { shots: size, colorScheme: 'light' }));

  it('admin tools, as the e2e admin', () => walkAdminTools(browser, size, viewport, { shots: size, colorScheme: 'light' }));
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
