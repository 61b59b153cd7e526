import type { Browser } from 'playwright-core';
import { MESSAGES } from '@cloud9/contracts';
import { expectUsableScreen, serveAxe } from './a11y';
import { apiSession, baseUrl, launchBrowser, openTab, PHONE_AND_DESKTOP, registerViaApi, shot, signedInTab, uniqueName, waitFor } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(PHONE_AND_DESKTOP)('threads, share and bookmarks at %s size', (size, viewport) => {
  it('opens a post from its time, shows its ancestors and replies, shares its link, and saves it to /bookmarks and back', async () => {
    // A thread by someone else: root → middle → the post → a reply under it.
    const author = uniqueName('thr');
    await registerViaApi(author);
    const api = await apiSession(author);
    const tag = uniqueName('t');
    const root = await api.post(`Root of the thread ${tag}`);
    const reply = (parent: number, content: string) => api.call<{ id: number }>('POST', `/api/posts/${parent}/reply`, { content });
    const middle = await reply(root.id, `Middle of the thread ${tag}`);
    const focus = await reply(middle.id, `The post in focus ${tag}`);
    await reply(focus.id, `A reply under it ${tag}`);

    const { page, context, alerts } = await signedInTab(browser, 'reader', { viewport });
    await serveAxe(context);
    if (size === 'phone') {
      // Phones have a share sheet: a stand-in records what it was given.
      await context.addInitScript(() => {
        const shared: unknown[] = [];
        Object.defineProperty(window, '__shared', { value: shared });
        Object.defineProperty(navigator, 'share', { value: (data: unknown) => (shared.push(data), Promise.resolve()), configurable: true });
      });
    } else {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    }

    // Home → the root's time → its page; a reply's time → the next page down.
    await page.goto('/');
    const rootCard = page.locator('article', { hasText: `Root of the thread ${tag}` }).first();
    await rootCard.getByRole('link', { name: /open post$/ }).click();
    await page.waitForURL((url) => url.pathname === `/post/${root.id}`);
    const replies = page.getByRole('list', { name: 'Replies' });
    await replies.locator('article', { hasText: `Middle of the thread ${tag}` }).getByRole('link', { name: /open post$/ }).click();
    await page.waitForURL((url) => url.pathname === `/post/${middle.id}`);
    await replies.locator('article', { hasText: `The post in focus ${tag}` }).getByRole('link', { name: /open post$/ }).press('Enter');
    await page.waitForURL((url) => url.pathname === `/post/${focus.id}`);

    const earlier = page.getByRole('navigation', { name: 'Earlier in the thread' });
    await earlier.getByText(`Middle of the thread ${tag}`).waitFor();
    expect(await earlier.getByRole('article').allTextContents()).toEqual([expect.stringContaining('Root of the thread'), expect.stringContaining('Middle of the thread')]);
    const post = page.locator('.thread-focus article');
    await post.getByText(`The post in focus ${tag}`).waitFor();
    await replies.getByText(`A reply under it ${tag}`).waitFor();
    await expectUsableScreen(page, `thread-${size}`, { oneHeading: true });
    await shot(page, `thread-${size}`, size !== 'phone');

    // Share: the sheet on phones, the clipboard and a toast elsewhere.
    await post.getByRole('button', { name: 'Share' }).click();
    const url = `${baseUrl()}/post/${focus.id}`;
    if (size === 'phone') {
      await page.waitForFunction(() => (window as unknown as { __shared: unknown[] }).__shared.length === 1);
      expect(await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared)).toEqual([{ title: `Post by @${author}`, url }]);
    } else {
      await waitFor(() => alerts.includes(MESSAGES.share.linkCopied));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    }

    // Bookmark it, find it on /bookmarks (through the nav), unsave it there.
    await post.getByRole('button', { name: 'Bookmark' }).click();
    await post.locator('button[aria-label="Bookmark"][aria-pressed="true"]').waitFor();
    if (size === 'phone') {
      await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
      await page.getByRole('dialog', { name: 'More' }).getByRole('link', { name: 'Bookmarks', exact: true }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookmarks', exact: true }).click();
    }
    await page.waitForURL((url) => url.pathname === '/bookmarks');
    const saved = page.getByRole('list', { name: 'Bookmarks' }).locator('article', { hasText: `The post in focus ${tag}` });
    await saved.waitFor();
    expect(await page.title()).toBe('Bookmarks · Cloud 9 Social');
    await expectUsableScreen(page, `bookmarks-${size}`, { oneHeading: true });
    await shot(page, `bookmarks-${size}`, size !== 'phone');
    await saved.getByRole('button', { name: 'Bookmark' }).click();
    await page.getByText(MESSAGES.bookmarks.emptyTitle).waitFor();
    await expectUsableScreen(page, `bookmarks-empty-${size}`, { oneHeading: true });
    if (size === 'desktop') await shot(page, 'bookmarks-empty-desktop', false);
    expect(await (await page.request.get('/api/bookmarks')).json()).toEqual({ items: [], nextCursor: null });
    await context.close();

    // The permalink opened signed out (a shared link): the same thread, read-only, a way to log in.
    const guest = await openTab(browser, undefined, viewport);
    await serveAxe(guest.context);
    await guest.page.goto(`/post/${focus.id}`);
    await guest.page.locator('.thread-focus').getByText(`The post in focus ${tag}`).waitFor();
    await guest.page.getByRole('list', { name: 'Replies' }).getByText(`A reply under it ${tag}`).waitFor();
    expect(await guest.page.getByRole('button', { name: /^(Bookmark|Share|Like|Post options)/ }).count()).toBe(0);
    expect(await guest.page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await guest.page.title()).toBe('Post · Cloud 9 Social');
    await expectUsableScreen(guest.page, `thread-signed-out-${size}`, { oneHeading: true });
    if (size === 'phone') await shot(guest.page, 'thread-signed-out-phone', false);
    await guest.context.close();
  });
});
