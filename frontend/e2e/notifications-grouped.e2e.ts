import type { Browser, Page } from 'playwright-core';
import { axeViolations, scrollsSideways, serveAxe } from './a11y';
import { apiSession, DESKTOP, launchBrowser, PHONE, registerViaApi, shot, signedInTab, uniqueName, type Viewport } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Session = Awaited<ReturnType<typeof apiSession>>;

async function fans(n: number): Promise<Session[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const username = uniqueName('fan');
      await registerViaApi(username);
      return apiSession(username);
    }),
  );
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect({ screen, violations: await axeViolations(page) }).toEqual({ screen, violations: [] });
  expect({ screen, sideways: await scrollsSideways(page) }).toEqual({ screen, sideways: false });
}

/**
 * Several people like one post: one grouped row. Mentions filter, Mark all as read, and likes
 * turned off in Settings (a later like adds nothing; a follow still arrives live).
 */
async function scenario(viewport: Viewport, name: 'phone' | 'desktop', people: Session[]): Promise<void> {
  const me = await signedInTab(browser, 'grp', { viewport });
  await serveAxe(me.context);
  const mine = await apiSession(me.username);
  const { id: postId } = await mine.post('Clouds at dawn over the bay\nand more below');
  const [first, second, third, late] = people;
  for (const fan of [first, second, third]) await fan.call('POST', `/api/posts/${postId}/like`, {});
  await first.post(`good morning @${me.username}`); // raises a mention alert for me

  const { page } = me;
  await page.getByRole('link', { name: /^Notifications/ }).first().click();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  const likes = page.getByRole('link', { name: new RegExp(`^Unread: ${third.user.username} and 2 others liked your post`) });
  await likes.waitFor();
  await expect(likes.textContent()).resolves.toContain('Clouds at dawn over the bay');
  expect(await likes.locator('img').count()).toBe(3);
  await shot(page, `notifications-grouped-${name}`);
  await expectAccessible(page, `notifications ${name}`);

  const filter = page.getByRole('group', { name: 'Show' });
  await filter.getByRole('button', { name: 'Mentions' }).click();
  await page.getByRole('link', { name: new RegExp(`^Unread: ${first.user.username} mentioned you`) }).waitFor();
  await likes.waitFor({ state: 'detached' });
  await expectAccessible(page, `mentions ${name}`);
  await filter.getByRole('button', { name: 'All' }).click();
  await likes.waitFor();

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await page.getByRole('link', { name: new RegExp(`^${third.user.username} and 2 others liked your post`) }).waitFor();
  // Every group turns read, not only the likes' (they may re-render one after another).
  await page.locator('.alert-group-unread').first().waitFor({ state: 'detached' });
  expect(await page.locator('.alert-group-unread').count()).toBe(0);
  await page.getByRole('link', { name: 'Notifications', exact: true }).first().waitFor();
  await shot(page, `notifications-grouped-read-${name}`);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Notifications', exact: true });
  const likesSwitch = section.getByRole('switch', { name: 'Likes', exact: true });
  await likesSwitch.waitFor();
  expect(await likesSwitch.isChecked()).toBe(true);
  const saved = page.waitForResponse((res) => res.url().endsWith('/api/notifications/settings') && res.request().method() === 'PUT');
  await likesSwitch.click();
  expect((await saved).status()).toBe(200);
  expect(await likesSwitch.isChecked()).toBe(false);
  await section.scrollIntoViewIfNeeded();
  await shot(page, `notifications-grouped-settings-${name}`, false);
  await expectAccessible(page, `settings ${name}`);

  // Likes off: a new like is not counted; a follow (still on) arrives live on the open screen.
  await page.goto('/notifications');
  await page.getByRole('link', { name: new RegExp(`^${third.user.username} and 2 others liked your post`) }).waitFor();
  await late.call('POST', `/api/posts/${postId}/like`, {});
  await late.call('POST', '/api/follow', { followerId: late.user.id, followedId: mine.user.id });
  await page.getByRole('link', { name: new RegExp(`^Unread: ${late.user.username} started following you`) }).waitFor();
  expect(await page.getByRole('link', { name: /and 3 others liked your post/ }).count()).toBe(0);
  await me.context.close();
}

describe('grouped notifications', () => {
  it('groups likes, filters mentions, marks all read and honours the likes switch, on a phone and a desktop', async () => {
    const people = await fans(4);
    await scenario(PHONE, 'phone', people);
    await scenario(DESKTOP, 'desktop', people);
  });
});
