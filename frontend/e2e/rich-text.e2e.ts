import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { displayUrl } from '@cloud9/contracts';
import { axeViolations, scrollsSideways, serveAxe } from './a11y';
import { apiSession, DESKTOP, launchBrowser, loginViaUi, openTab, PHONE, registerViaApi, shot, signedInTab, uniqueName, type Viewport } from './support';

let browser: Browser;
/** One tag for the whole file, used by two other accounts before the tests, so it trends (2 accounts qualify). */
const tag = `skyhigh${randomBytes(3).toString('hex')}`;
const link = 'https://example.com/a/rather/long/path/to/the/forecast?day=1';

beforeAll(async () => {
  browser = await launchBrowser();
  for (const prefix of ['rt_early', 'rt_other']) {
    const username = uniqueName(prefix);
    await registerViaApi(username);
    await (await apiSession(username)).post(`Clear skies over the hills #${tag}`);
  }
});
afterAll(async () => {
  await browser?.close();
});

const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });
const dotLink = (page: Page) => page.getByRole('link', { name: 'Notifications, new' });

/** The trending card: the side panel's on desktops, the More sheet's on phones. */
async function trendingCard(page: Page, size: string) {
  if (size === 'desktop') return page.getByRole('complementary', { name: 'Topics and extras' }).getByRole('region', { name: 'Trending topics' });
  await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
  return page.getByRole('dialog', { name: 'More' }).getByRole('region', { name: 'Trending topics' });
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as [string, Viewport][])('rich text at %s size', (size, viewport) => {
  it('links, mentions and tags in a post; @ autocomplete by keyboard; the mention lights a dot live; the tag feed and trending', async () => {
    // The mentioned account watches its notification dot in a browser of its own.
    const mentioned = uniqueName('rt_mentioned');
    await registerViaApi(mentioned);
    const watcher = await openTab(browser, undefined, viewport);
    await loginViaUi(watcher.page, mentioned);
    await watcher.page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    const { page, context } = await signedInTab(browser, 'rt_author', { viewport });
    await serveAxe(context);
    const box = composer(page).getByRole('textbox', { name: "What's happening?" });
    await box.fill(`Forecast ${link} for #${tag.toUpperCase()} fans, thanks `);
    await box.press('End');
    await box.pressSequentially(`@${mentioned.slice(0, -2)}`);
    const option = composer(page).getByRole('option', { name: new RegExp(`@${mentioned}$`) });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await composer(page).getByRole('combobox', { name: 'Mention an account' }).getAttribute('aria-expanded')).toBe('true');
    await shot(page, `richtext-autocomplete-${size}`, false);
    await box.press('Enter');
    expect(await box.inputValue()).toBe(`Forecast ${link} for #${tag.toUpperCase()} fans, thanks @${mentioned} `);
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();

    const post = page.getByRole('list', { name: 'Posts' }).locator('article', { hasText: `@${mentioned}` }).first();
    const web = post.getByRole('link', { name: displayUrl(link), exact: true });
    expect({ href: await web.getAttribute('href'), rel: await web.getAttribute('rel'), target: await web.getAttribute('target') }).toEqual({
      href: link,
      rel: 'nofollow noopener ugc',
      target: '_blank',
    });
    await shot(page, `richtext-post-${size}`, false);

    // The mentioned account's dot lights without a reload (alert:new over the socket).
    await dotLink(watcher.page).waitFor({ timeout: 10_000 });
    await watcher.context.close();

    await post.getByRole('link', { name: `@${mentioned}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/profile/${mentioned}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();

    await page.getByRole('list', { name: 'Posts' }).locator('article', { hasText: `@${mentioned}` }).first().getByRole('link', { name: `#${tag.toUpperCase()}` }).click();
    await page.waitForURL((url) => url.pathname === `/tag/${tag}`);
    await page.getByRole('heading', { level: 1, name: `#${tag}` }).waitFor();
    const tagged = page.getByRole('list', { name: `Posts with #${tag}` });
    await tagged.locator('article', { hasText: `@${mentioned}` }).waitFor();
    expect(await tagged.locator('article').count()).toBeGreaterThanOrEqual(3);
    expect(await page.title()).toBe(`#${tag} · Cloud 9 Social`);
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `richtext-tag-${size}`, size === 'desktop');

    // Trending: the job runs every TRENDING_REFRESH_SECONDS (10 s here); once it has listed the tag, the card shows it.
    const deadline = Date.now() + 30_000;
    const listed = async () => ((await (await page.request.get('/api/trending')).json()) as { items: { tag: string }[] }).items.some((t) => t.tag === tag);
    while (!(await listed())) {
      if (Date.now() > deadline) throw new Error(`#${tag} did not trend in time`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `#${tag}` }).waitFor();
    const entry = (await trendingCard(page, size)).getByRole('link', { name: new RegExp(`^#?${tag}\\b`) });
    await entry.waitFor();
    expect(await entry.getAttribute('href')).toBe(`/tag/${tag}`);
    expect(await entry.textContent()).toMatch(new RegExp(`^#${tag}, \\d+ people posting$`));
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `richtext-trending-${size}`, false);
    await context.close();
  });
});
