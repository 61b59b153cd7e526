import type { Browser, Page, Request } from 'playwright-core';
import { MESSAGES } from '@cloud9/contracts';
import { launchBrowser, shot, signedInTab, uniqueName } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface RecordedPingback {
  apiKey: string | null;
  events: { action_type: string; analytics_response_payload: string; ts: number; user_id: string }[];
}

/** The fake Giphy runs in the suite's global setup; it is reached over HTTP. */
const fakeGiphy = () => process.env.E2E_GIPHY_ORIGIN!;
const pingbacksAtFake = async (): Promise<RecordedPingback[]> => (await (await fetch(`${fakeGiphy()}/__fake/pingbacks`)).json()) as RecordedPingback[];
const setFakeFailure = async (status: number | null) => {
  await fetch(`${fakeGiphy()}/__fake/failure?status=${status ?? ''}`, { method: 'POST' });
};

/** Waits until the fake holds pingback batches that satisfy `done`, and answers them. */
async function pingbacksUntil(done: (events: RecordedPingback['events']) => boolean, timeoutMs = 8000): Promise<RecordedPingback[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batches = await pingbacksAtFake();
    if (done(batches.flatMap((b) => b.events))) return batches;
    if (Date.now() > deadline) throw new Error(`pingbacks never arrived: ${JSON.stringify(batches).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });
const picker = (page: Page) => composer(page).getByRole('group', { name: 'GIF picker' });
const gifsLoaded = (page: Page) =>
  page.waitForFunction(() => {
    const images = Array.from(document.querySelectorAll('.gif-grid-item img')) as HTMLImageElement[];
    return images.length > 0 && images.every((i) => i.complete && i.naturalWidth > 0);
  });

describe('GIF provider surface through the server', () => {
  it('picks a GIF from a category, posts it, and the batched SEEN/CLICK/SENT pingbacks reach the provider with the key', async () => {
    const { page, context } = await signedInTab(browser, 'gifcat');
    const browserCalls: string[] = [];
    page.on('request', (req: Request) => browserCalls.push(req.url()));
    const text = `Dance floor ${uniqueName('d')}`;
    await composer(page).getByLabel("What's happening?").fill(text);
    await composer(page).getByRole('button', { name: 'GIF', exact: true }).click();

    // The categories come from the provider through /api/gifs/categories.
    const categories = picker(page).getByRole('group', { name: 'Categories' });
    await categories.getByRole('button', { name: 'Dance' }).waitFor();
    await gifsLoaded(page);
    await shot(page, 'gif-picker-categories', false);
    await categories.getByRole('button', { name: 'Dance' }).click();
    expect(await picker(page).getByLabel('Search GIFs').inputValue()).toBe('Dance');
    const first = picker(page).locator('.gif-grid-item').first();
    await first.waitFor();
    await gifsLoaded(page);
    await shot(page, 'gif-picker-category', false);
    const shown = await picker(page).locator('.gif-grid-item').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((title) => /dance/i.test(title ?? ''))).toBe(true);
    await first.click();
    await page.getByRole('button', { name: 'Remove GIF' }).waitFor();
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    await page.locator('article', { hasText: text }).first().locator('img[src*="/media/"]').waitFor();

    const posted = (await page.locator('article', { hasText: text }).first().locator('img[src*="/media/"]').getAttribute('src'))!;
    const chosenId = /\/media\/([a-z0-9]+)\//.exec(posted)![1];
    const payload = `e=fake-${chosenId}`;
    const batches = await pingbacksUntil((events) => events.some((e) => e.action_type === 'SENT' && e.analytics_response_payload === payload));
    const mine = batches.filter((b) => b.events.some((e) => e.analytics_response_payload === payload && e.action_type === 'CLICK'));
    expect(mine.length).toBeGreaterThan(0);
    const user = mine[0].events.find((e) => e.action_type === 'CLICK')!.user_id;
    const myBatches = batches.filter((b) => b.events.some((e) => e.user_id === user));
    const events = myBatches.flatMap((b) => b.events);
    // Every batch went to the provider with the server's key.
    expect(myBatches.every((b) => b.apiKey === 'e2e-giphy-key')).toBe(true);
    // SEEN for every GIF shown, CLICK then SENT for the chosen one, all from this page's pingback id.
    expect(events.filter((e) => e.action_type === 'SEEN').length).toBeGreaterThanOrEqual(shown.length);
    expect(events.filter((e) => e.analytics_response_payload === payload).map((e) => e.action_type)).toEqual(expect.arrayContaining(['SEEN', 'CLICK', 'SENT']));
    // Batched: fewer requests than events.
    expect(myBatches.length).toBeLessThan(events.length);
    // The browser sent them to our server only, never to the provider (the key stays on the server).
    expect(browserCalls.filter((u) => u.endsWith('/api/gifs/pingback')).length).toBeGreaterThanOrEqual(myBatches.length);
    expect(browserCalls.some((u) => u.startsWith(fakeGiphy()) && !u.includes('/media/'))).toBe(false);
    await context.close();
  });

  it('Related, Random and the location text, by keyboard in the global composer', async () => {
    const { page, context } = await signedInTab(browser, 'gifkbd');
    await page.getByRole('button', { name: 'New post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New post' });
    await dialog.getByRole('button', { name: 'GIF', exact: true }).click();
    const search = dialog.getByLabel('Search GIFs');
    await search.fill('cat');
    // Trending shows until the typing rests; wait for the search's own results.
    await page.waitForFunction(() => {
      const titles = Array.from(document.querySelectorAll('.gif-grid-item')).map((b) => b.getAttribute('aria-label') ?? '');
      return titles.length > 0 && titles.every((t) => / cat GIF$/.test(t));
    });
    const related = dialog.getByRole('button', { name: /^Related: .*cat/i }).first();
    await related.waitFor();
    const title = (await related.getAttribute('aria-label'))!.replace(`${'Related'}: `, '');
    await related.focus();
    await page.keyboard.press('Enter');
    const heading = dialog.getByText(`GIFs like ${title}`);
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.locator('.gif-grid-item').first().waitFor();
    const relatedTitles = await dialog.locator('.gif-grid-item').evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')));
    expect(relatedTitles.length).toBeGreaterThan(0);
    expect(relatedTitles.every((t) => / cat GIF$/.test(t ?? '') && t !== title)).toBe(true);

    await dialog.getByRole('button', { name: 'Back to trending' }).press('Enter');
    await search.fill('dog');
    await dialog.getByRole('button', { name: 'Random' }).press('Enter');
    await dialog.getByText('A random “dog” GIF').waitFor();
    await dialog.locator('.gif-grid-item').first().waitFor();
    expect(await dialog.locator('.gif-grid-item').count()).toBe(1);
    expect(await dialog.locator('.gif-grid-item').first().getAttribute('aria-label')).toMatch(/ dog GIF$/);
    await gifsLoaded(page);
    await shot(page, 'gif-picker-random', false);

    // The provider's location block: the server answers 451 and the picker says why.
    await setFakeFailure(451);
    try {
      await search.fill(`zz${uniqueName('loc')}`);
      await dialog.getByText(MESSAGES.gifs.locationError).waitFor();
    } finally {
      await setFakeFailure(null);
    }
    await context.close();
  });
});
