import type { Browser, Page } from 'playwright-core';
import { SAFETY_UI_MESSAGES, type HiddenAccount, type ModerationReport, type MutedWord, type Page as ListPage } from '@cloud9/contracts';
import { expectUsableScreen, serveAxe } from './a11y';
import { answerConfirm, apiSession, E2E_ADMIN, launchBrowser, PHONE_AND_DESKTOP, registerViaApi, shot, signedInTab, uniqueName } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, text: string) => page.locator('article', { hasText: text });

async function choose(page: Page, text: string, entry: string) {
  await card(page, text).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

describe.each(PHONE_AND_DESKTOP)('mute, block and report at %s size', (size, viewport) => {
  it('reports a post, mutes one author and blocks another from their posts, and undoes a mute in Settings; the server holds each change', async () => {
    // Two authors post under one new hashtag, so the tag's page shows exactly their posts.
    const tag = uniqueName('sf').toLowerCase();
    const loud = uniqueName('loud');
    const rude = uniqueName('rude');
    await Promise.all([registerViaApi(loud), registerViaApi(rude)]);
    const loudApi = await apiSession(loud);
    const rudeApi = await apiSession(rude);
    await loudApi.post(`Loud one #${tag}`);
    await loudApi.post(`Loud two #${tag}`);
    const rudePost = await rudeApi.post(`Rude words #${tag}`);

    const { page, context, nativeDialogs, username } = await signedInTab(browser, 'safe', { viewport });
    await serveAxe(context);
    const me = await apiSession(username);
    await page.goto(`/tag/${tag}`);
    await card(page, 'Rude words').waitFor();
    await card(page, 'Loud two').waitFor();

    // Report: the dialog with the post in it, a reason, a comment; a calm thanks.
    await choose(page, 'Rude words', 'Report post');
    const dialog = page.getByRole('dialog', { name: SAFETY_UI_MESSAGES.reportPostTitle });
    await dialog.getByTestId('report-post').getByText('Rude words').waitFor();
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByLabel(SAFETY_UI_MESSAGES.commentLabel).fill('Insults in every reply');
    await dialog.getByText(SAFETY_UI_MESSAGES.commentCounter(22)).waitFor();
    await expectUsableScreen(page, `report-dialog-${size}`);
    if (size === 'phone') await shot(page, 'phone-report-dialog', false);
    await dialog.getByRole('button', { name: SAFETY_UI_MESSAGES.sendReport }).click();
    await dialog.getByRole('status').getByText(SAFETY_UI_MESSAGES.reportThanks).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    const admin = await apiSession(E2E_ADMIN.username, E2E_ADMIN.password);
    const queue = await admin.call<ListPage<ModerationReport>>('GET', '/api/moderation/reports?status=open&reason=harassment&limit=50');
    expect(queue.items.filter((r) => r.target.post?.id === rudePost.id && r.reporter.username === username)).toEqual([
      expect.objectContaining({ reason: 'harassment', comment: 'Insults in every reply', target: expect.objectContaining({ type: 'post' }) }),
    ]);

    // Mute: asked in the app, then both of the author's posts leave the page at once.
    await choose(page, 'Loud one', `Mute @${loud}`);
    await answerConfirm(page, SAFETY_UI_MESSAGES.confirmMute(loud), 'Mute');
    await card(page, 'Loud one').waitFor({ state: 'detached' });
    await card(page, 'Loud two').waitFor({ state: 'detached' });
    await card(page, 'Rude words').waitFor();
    // The posts leave before the server answers; its answer brings the toast with Undo.
    await page.locator('.toast', { hasText: SAFETY_UI_MESSAGES.muted(loud) }).getByRole('button', { name: SAFETY_UI_MESSAGES.undo }).waitFor();
    const mutes = await me.call<ListPage<HiddenAccount>>('GET', '/api/mutes');
    expect(mutes.items.map((a) => a.username)).toEqual([loud]);

    // Block: the confirmation says what a block does; the post leaves.
    await choose(page, 'Rude words', `Block @${rude}`);
    await answerConfirm(page, SAFETY_UI_MESSAGES.confirmBlock(rude), 'Block');
    await card(page, 'Rude words').waitFor({ state: 'detached' });
    await page.locator('.toast', { hasText: SAFETY_UI_MESSAGES.blocked(rude) }).waitFor();
    const blocks = await me.call<ListPage<HiddenAccount>>('GET', '/api/blocks');
    expect(blocks.items.map((a) => a.username)).toEqual([rude]);

    // Settings: both lists, a muted word added; then Unmute from the list.
    await page.goto('/settings');
    const muted = page.locator('section.settings-block-muted');
    await muted.getByText(`@${loud}`).waitFor();
    await page.locator('section.settings-block-blocked').getByText(`@${rude}`).waitFor();
    const words = page.locator('section.settings-block-muted-words');
    await words.getByLabel(SAFETY_UI_MESSAGES.mutedWordLabel).fill(`spoiler ${size}`);
    await words.getByRole('button', { name: SAFETY_UI_MESSAGES.addMutedWord }).click();
    await words.getByText(`spoiler ${size}`, { exact: true }).waitFor();
    expect((await me.call<{ items: MutedWord[] }>('GET', '/api/muted-words')).items.map((w) => w.word)).toEqual([`spoiler ${size}`]);
    await muted.scrollIntoViewIfNeeded();
    await expectUsableScreen(page, `settings-safety-${size}`);
    // The lists at the top of the shot, below whatever header stays on screen.
    await page.evaluate(() => {
      document.querySelector('section.settings-block-muted')?.scrollIntoView({ block: 'start' });
      const covering = Array.from(document.querySelectorAll('header, .page-header'), (el) =>
        /fixed|sticky/.test(getComputedStyle(el).position) ? el.getBoundingClientRect().bottom : 0,
      );
      window.scrollBy(0, -Math.max(0, ...covering) - 12);
    });
    await shot(page, `${size}-settings-safety`, false);

    await muted.getByRole('button', { name: `Unmute @${loud}` }).click();
    await muted.getByText(SAFETY_UI_MESSAGES.noMutedAccounts).waitFor();
    await page.locator('.toast', { hasText: SAFETY_UI_MESSAGES.unmuted(loud) }).waitFor();
    expect((await me.call<ListPage<HiddenAccount>>('GET', '/api/mutes')).items).toEqual([]);

    // The unmuted author's profile offers Mute again, beside Block and Report.
    await page.goto(`/profile/${loud}`);
    await page.getByRole('button', { name: `Options for @${loud}` }).click();
    const menu = page.getByRole('menu', { name: `Options for @${loud}` });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([`Mute @${loud}`, `Block @${loud}`, `Report @${loud}`]);
    await expectUsableScreen(page, `profile-menu-${size}`);
    await shot(page, `${size}-profile-menu`, false);
    expect(nativeDialogs).toEqual([]);
    await context.close();
  });
});
