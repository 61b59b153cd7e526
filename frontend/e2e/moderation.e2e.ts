import type { Browser, Page } from 'playwright-core';
import { GroupId, MESSAGES, MODERATION_QUEUE_TEXT as T, type Page as ApiPage, type UserAlert } from '@cloud9/contracts';
import { axeViolations, scrollsSideways, serveAxe } from './a11y';
import { answerConfirm, apiSession, baseUrl, DESKTOP, launchBrowser, loginViaUi, openTab, PASSWORD, PHONE, registerViaApi, shot, signedInTab, uniqueName } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Session = Awaited<ReturnType<typeof apiSession>>;

async function member(prefix: string): Promise<Session> {
  const username = uniqueName(prefix);
  await registerViaApi(username);
  return apiSession(username);
}

const report = (who: Session, body: object) => who.call<{ id: number }>('POST', '/api/reports', body);

async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect({ screen, violations: await axeViolations(page) }).toEqual({ screen, violations: [] });
  expect({ screen, sideways: await scrollsSideways(page) }).toEqual({ screen, sideways: false });
}

/** The card of the report whose content (post text or reported handle) is `text`. */
const card = (page: Page, text: string) => page.getByRole('listitem').filter({ has: page.getByRole('article') }).filter({ hasText: text });

describe('the moderation queue', () => {
  it('a staff member dismisses, deletes a post, warns, suspends and lifts the suspension on a desktop', async () => {
    const offender = await member('offender');
    const [r1, r2] = [await member('reporter'), await member('reporter')];
    const tag = uniqueName('t');
    const spam = await offender.post(`cheap pills ${tag}`);
    const illegal = await offender.post(`illegal goods ${tag}`);
    const rude = await offender.post(`rude words ${tag}`);
    await report(r1, { targetType: 'post', targetId: spam.id, reason: 'spam', comment: 'looks like spam to me' });
    await report(r1, { targetType: 'post', targetId: illegal.id, reason: 'illegal', comment: 'selling stolen phones' });
    await report(r2, { targetType: 'post', targetId: rude.id, reason: 'harassment', comment: 'called me names' });
    await report(r2, { targetType: 'user', targetId: offender.user.id, reason: 'harassment', comment: 'keeps doing it' });

    const staff = await signedInTab(browser, 'mod', { groupId: GroupId.Staff3, viewport: DESKTOP });
    await serveAxe(staff.context);
    const { page } = staff;
    await page.getByRole('complementary').getByRole('link', { name: 'Moderation queue' }).click();
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    await card(page, `cheap pills ${tag}`).waitFor();
    await card(page, `rude words ${tag}`).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'desktop-moderation', false);
    await expectAccessible(page, 'moderation desktop');

    // Dismiss: the post stays.
    await card(page, `cheap pills ${tag}`).getByRole('button', { name: T.actions.dismiss }).click();
    await answerConfirm(page, T.confirmDismiss, T.actions.dismiss);
    await card(page, `cheap pills ${tag}`).waitFor({ state: 'detached' });
    expect((await fetch(`${baseUrl()}/api/posts/${spam.id}`)).status).toBe(200);

    // Delete post: gone.
    await card(page, `illegal goods ${tag}`).getByRole('button', { name: T.actions['delete-post'] }).click();
    await answerConfirm(page, T.confirmDelete, T.actions['delete-post']);
    await card(page, `illegal goods ${tag}`).waitFor({ state: 'detached' });
    expect((await fetch(`${baseUrl()}/api/posts/${illegal.id}`)).status).toBe(404);

    // Warn: the text typed in the in-app prompt reaches the member as a team alert.
    await card(page, `rude words ${tag}`).getByRole('button', { name: T.actions.warn }).click();
    const prompt = page.getByRole('dialog', { name: T.warnPrompt(offender.user.username) });
    await prompt.getByRole('textbox').fill('Please keep it civil.');
    await prompt.getByRole('button', { name: T.sendWarning }).click();
    await card(page, `rude words ${tag}`).waitFor({ state: 'detached' });
    const alerts = await offender.call<ApiPage<UserAlert>>('GET', `/api/notifications/user/${offender.user.id}`);
    expect(alerts.items[0]).toEqual(expect.objectContaining({ type: 'warning', message: 'Please keep it civil.', actor_username: null }));
    const told = await r1.call<ApiPage<UserAlert>>('GET', `/api/notifications/user/${r1.user.id}`);
    expect(told.items.filter((a) => a.type === 'report-handled').map((a) => a.message)).toEqual([MESSAGES.alerts.reportHandled, MESSAGES.alerts.reportHandled]);

    // Suspend for 7 days (staff get no "for good").
    const onAccount = card(page, `keeps doing it`);
    await onAccount.getByRole('button', { name: T.actions.suspend }).click();
    const dialog = page.getByRole('dialog', { name: T.suspendTitle(offender.user.username) });
    expect(await dialog.getByRole('radio', { name: T.forGood }).count()).toBe(0);
    await dialog.getByRole('radio', { name: T.days(7) }).check();
    await dialog.getByRole('button', { name: T.actions.suspend }).click();
    await onAccount.waitFor({ state: 'detached' });
    const refused = await fetch(`${baseUrl()}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: offender.user.username, password: PASSWORD }) });
    expect(refused.status).toBe(403);

    // A new report on the suspended account: its card says so and lifts it.
    await report(r1, { targetType: 'user', targetId: offender.user.id, reason: 'other', comment: 'appeal on their behalf' });
    await page.reload();
    const appeal = card(page, 'appeal on their behalf');
    await appeal.getByText(/^Suspended until /).waitFor();
    await appeal.getByRole('button', { name: T.actions.unsuspend }).click();
    await answerConfirm(page, T.confirmUnsuspend(offender.user.username), T.actions.unsuspend);
    await appeal.waitFor({ state: 'detached' });
    await apiSession(offender.user.username);

    // Handled reports show what was done.
    await page.getByLabel(T.statusLabel).selectOption('resolved');
    await card(page, `rude words ${tag}`).getByText(/Handled: warned by @/).waitFor();
    await expectAccessible(page, 'moderation handled desktop');
    expect(staff.nativeDialogs).toEqual([]);
    await staff.context.close();

    // The member, back in, reads the warning among their notifications (phone).
    const back = await openTab(browser, undefined, PHONE);
    await serveAxe(back.context);
    await loginViaUi(back.page, offender.user.username);
    await back.page.goto('/notifications');
    await back.page.getByText(MESSAGES.teamAlerts.warning).waitFor();
    await back.page.getByText('Please keep it civil.').waitFor();
    await shot(back.page, 'phone-notifications-warning', false);
    await expectAccessible(back.page, 'warning in notifications phone');
    await back.context.close();
  });

  it('shows the queue on a phone, reached from the More sheet', async () => {
    const target = await member('target');
    const reporter = await member('reporter');
    const tag = uniqueName('p');
    const { id } = await target.post(`a long reported post on a phone ${tag} with words that wrap across the narrow screen`);
    await report(reporter, { targetType: 'post', targetId: id, reason: 'spam', comment: 'this account only posts links to a shop' });
    await report(reporter, { targetType: 'user', targetId: target.user.id, reason: 'other' });

    const staff = await signedInTab(browser, 'modp', { groupId: GroupId.Staff2, viewport: PHONE });
    await serveAxe(staff.context);
    const { page } = staff;
    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog', { name: 'More' }).getByRole('link', { name: 'Moderation queue' }).click();
    await page.getByRole('heading', { name: T.title, level: 1 }).waitFor();
    const item = card(page, tag);
    await item.waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'phone-moderation', false);
    await expectAccessible(page, 'moderation phone');
    await item.getByRole('button', { name: T.actions.dismiss }).click();
    await answerConfirm(page, T.confirmDismiss, T.actions.dismiss);
    await item.waitFor({ state: 'detached' });
    expect(staff.nativeDialogs).toEqual([]);
    await staff.context.close();
  });
});
