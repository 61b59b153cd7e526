import type { Browser, Page } from 'playwright-core';
import { DM_MESSAGES as M } from '@cloud9/contracts';
import { expectUsableScreen, serveAxe } from './a11y';
import { rgbPng } from './png';
import { DESKTOP, PHONE, apiSession, launchBrowser, openTab, registerViaApi, loginViaUi, shot, uniqueName, waitFor } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A new member signed in through the login form at `viewport`, with axe served to their pages;
 * `socketUp()` waits until the page's socket has received its first frame, so what is pushed next reaches it.
 */
async function member(prefix: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light') {
  const username = uniqueName(prefix);
  await registerViaApi(username);
  const tab = await openTab(browser, undefined, viewport, { colorScheme });
  await serveAxe(tab.context);
  let socketOpen = false;
  tab.page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) ws.on('framereceived', () => (socketOpen = true));
  });
  await loginViaUi(tab.page, username);
  const socketUp = () => waitFor(() => socketOpen, 10_000);
  return { ...tab, username, api: await apiSession(username), socketUp };
}

const messagesLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
const log = (page: Page) => page.getByRole('log');

describe('direct messages between two browsers', () => {
  it('A writes to B from B’s profile; B sees it live with the badge, replies, and A sees "typing" then the reply', async () => {
    const a = await member('dma', DESKTOP);
    const b = await member('dmb', PHONE);
    // B follows A: A's message lands in B's inbox (B's allowFrom is 'following' by default).
    await b.api.call('POST', '/api/follow', { followerId: b.api.user.id, followedId: a.api.user.id });
    await b.socketUp();

    // A: B's profile, Message, a first message.
    await a.page.goto(`/profile/${b.username}`);
    await a.page.getByRole('button', { name: M.message, exact: true }).click();
    await a.page.waitForURL((url) => /^\/messages\/\d+$/.test(url.pathname));
    const conversationPath = new URL(a.page.url()).pathname;
    const box = a.page.getByRole('textbox', { name: M.composerLabel });
    await box.fill('Hello from the clouds');
    await box.press('Enter');
    await log(a.page).getByText('Hello from the clouds').waitFor();
    // The box empties with the send's answer (the message's push may come first).
    await a.page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('.dm-composer-text')?.value === '');

    // B, on Home, never reloads: the badge lights, then the conversation is in the inbox.
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `${M.title}, ${M.unreadLabel(1)}` }).waitFor({ timeout: 10_000 });
    await messagesLink(b.page).click();
    await b.page.waitForURL((url) => url.pathname === '/messages');
    const row = b.page.getByTestId('dm-row').filter({ hasText: 'Hello from the clouds' });
    await row.waitFor();
    await row.click();
    await b.page.waitForURL((url) => url.pathname === conversationPath);
    await log(b.page).getByText('Hello from the clouds').waitFor();
    // Read: the badge goes.
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: M.title, exact: true }).waitFor({ state: 'attached', timeout: 10_000 });

    // A second message arrives live in B's open conversation.
    await box.fill('Are you there?');
    await box.press('Enter');
    await log(b.page).getByText('Are you there?').waitFor({ timeout: 10_000 });

    // B types: A sees "typing", then the reply; B's own message is on the right.
    await a.socketUp();
    const reply = b.page.getByRole('textbox', { name: M.composerLabel });
    await reply.pressSequentially('Right here', { delay: 40 });
    await a.page.getByText(M.typing(b.username)).waitFor({ timeout: 10_000 });
    await reply.press('Enter');
    await log(a.page).getByText('Right here').waitFor({ timeout: 10_000 });
    expect(await log(b.page).getByTestId('dm-message').filter({ hasText: 'Right here' }).getAttribute('class')).toContain('dm-message-own');
    // Each message once, oldest at the top, in both browsers.
    const texts = ['Hello from the clouds', 'Are you there?', 'Right here'];
    for (const page of [a.page, b.page]) {
      await page.waitForFunction(
        (want) => JSON.stringify(Array.from(document.querySelectorAll('[role="log"] .dm-text'), (el) => el.textContent)) === JSON.stringify(want),
        texts,
        { timeout: 5000 },
      );
    }
    // A's "Seen" under the last own message B has read.
    await a.page.getByText(M.seen, { exact: true }).waitFor({ timeout: 10_000 });

    // The phone's conversation fills the screen, its composer at the bottom; the desktop shows the list beside it.
    const composer = (await b.page.locator('.dm-composer').boundingBox())!;
    expect(Math.round(composer.y + composer.height)).toBe(PHONE.height);
    expect(await b.page.locator('.dm-list-pane').isVisible()).toBe(false);
    expect(await a.page.locator('.dm-list-pane').isVisible()).toBe(true);
    await expectUsableScreen(b.page, 'phone-messages', { oneHeading: true });
    await expectUsableScreen(a.page, 'desktop-messages', { oneHeading: true });
    await shot(b.page, 'phone-messages', false);
    await shot(a.page, 'desktop-messages', false);
    expect([...a.alerts, ...b.alerts, ...a.nativeDialogs, ...b.nativeDialogs]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('a reaction, a photo and a GIF reach the other browser live; a block ends the conversation', async () => {
    const a = await member('dmra', DESKTOP);
    const b = await member('dmrb', PHONE);
    await b.api.call('POST', '/api/follow', { followerId: b.api.user.id, followedId: a.api.user.id });
    const { id } = await a.api.call<{ id: number }>('POST', '/api/conversations', { memberIds: [b.api.user.id] });
    await a.api.call('POST', `/api/conversations/${id}/messages`, { text: 'Look at this sky' });
    await a.page.goto(`/messages/${id}`);
    await b.page.goto(`/messages/${id}`);
    await log(a.page).getByText('Look at this sky').waitFor();
    await log(b.page).getByText('Look at this sky').waitFor();
    await Promise.all([a.socketUp(), b.socketUp()]);

    // B reacts with a heart; A sees it counted under the message.
    const message = (page: Page, text: string) => log(page).getByTestId('dm-message').filter({ hasText: text });
    await message(b.page, 'Look at this sky').getByRole('button', { name: M.react }).click();
    await b.page.getByRole('menuitem', { name: '❤️' }).click();
    await message(a.page, 'Look at this sky').getByRole('button', { name: M.reactionLabel('❤️', 1, false) }).waitFor({ timeout: 10_000 });
    await message(b.page, 'Look at this sky').getByRole('button', { name: M.reactionLabel('❤️', 1, true) }).waitFor();

    // A sends a photo (judged and stored by the server), then a GIF from the picker; B sees both.
    const composer = a.page.getByRole('form', { name: M.composerLabel });
    await composer.getByLabel('Photo/Video').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: rgbPng(2, [[80, 160, 240, 80, 160, 240], [80, 160, 240, 80, 160, 240]]) });
    await composer.getByRole('button', { name: M.send }).click();
    const photo = log(b.page).getByRole('img', { name: M.photoFrom(a.username) });
    await photo.waitFor({ timeout: 10_000 });
    await b.page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('[role="log"] img.dm-media')).every((i) => i.complete && i.naturalWidth > 0));
    await composer.getByRole('button', { name: 'GIF', exact: true }).click();
    await composer.locator('.gif-grid-item').first().click();
    await composer.getByRole('button', { name: M.send }).click();
    await log(b.page).getByRole('img', { name: M.gifFrom(a.username) }).waitFor({ timeout: 10_000 });
    await shot(b.page, 'phone-messages-media', false);

    // B blocks A: the conversation is gone from B's list, and A's next message is refused.
    await b.api.call('POST', `/api/blocks/${a.api.user.id}`);
    const box = a.page.getByRole('textbox', { name: M.composerLabel });
    await box.fill('Hello?');
    await box.press('Enter');
    await waitFor(() => a.alerts.includes(M.conversationNotFound), 10_000);
    await b.page.goto('/messages');
    await b.page.getByText(M.emptyInbox).waitFor();
    expect(await log(b.page).count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });

  it('a message from someone B does not follow lands in B’s Requests; accepting it moves it to the inbox', async () => {
    const b = await member('dmreq', DESKTOP);
    const cName = uniqueName('dmc');
    await registerViaApi(cName);
    const c = await apiSession(cName);
    await b.socketUp();
    const { id } = await c.call<{ id: number }>('POST', '/api/conversations', { memberIds: [b.api.user.id] });
    await c.call('POST', `/api/conversations/${id}/messages`, { text: 'Can we talk?' });

    await messagesLink(b.page).click();
    await b.page.waitForURL((url) => url.pathname === '/messages');
    await b.page.getByText(M.emptyInbox).waitFor();
    await b.page.getByRole('tab', { name: new RegExp(`^${M.requests}`) }).click();
    const row = b.page.getByTestId('dm-row').filter({ hasText: 'Can we talk?' });
    await row.click();
    await b.page.waitForURL((url) => url.pathname === `/messages/${id}`);
    const banner = b.page.getByRole('region', { name: M.requests });
    await banner.getByText(M.requestNotice(cName)).waitFor();
    await log(b.page).getByText('Can we talk?').waitFor();
    await banner.getByRole('button', { name: M.accept }).click();
    await banner.waitFor({ state: 'detached' });

    await b.page.getByRole('tab', { name: new RegExp(`^${M.inbox}`) }).click();
    await b.page.getByTestId('dm-row').filter({ hasText: 'Can we talk?' }).waitFor();
    await b.page.getByRole('tab', { name: new RegExp(`^${M.requests}`) }).click();
    await b.page.getByText(M.emptyRequests).waitFor();
    await b.context.close();
  });

  it('reads well at night: the list and a conversation on a phone in the dark theme', async () => {
    const b = await member('dmdark', PHONE, 'dark');
    const cName = uniqueName('dmsun');
    await registerViaApi(cName);
    const c = await apiSession(cName);
    await b.api.call('POST', '/api/follow', { followerId: b.api.user.id, followedId: c.user.id });
    const { id } = await c.call<{ id: number }>('POST', '/api/conversations', { memberIds: [b.api.user.id] });
    await c.call('POST', `/api/conversations/${id}/messages`, { text: 'Stars are out tonight' });

    await messagesLink(b.page).click();
    await b.page.getByTestId('dm-row').filter({ hasText: 'Stars are out tonight' }).waitFor();
    await expectUsableScreen(b.page, 'phone-dark-messages-list', { oneHeading: true });
    await b.page.getByTestId('dm-row').first().click();
    await log(b.page).getByText('Stars are out tonight').waitFor();
    const reply = b.page.getByRole('textbox', { name: M.composerLabel });
    await reply.fill('So bright');
    await reply.press('Enter');
    await log(b.page).getByText('So bright').waitFor();
    await expectUsableScreen(b.page, 'phone-dark-messages', { oneHeading: true });
    await shot(b.page, 'phone-dark-messages', false);
    await b.context.close();
  });
});
