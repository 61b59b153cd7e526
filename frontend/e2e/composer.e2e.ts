import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@cloud9/contracts';
import { launchBrowser, shot, signedInTab, uniqueName } from './support';
import { rgbPng } from './png';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The emoji image CDN the e2e app is configured with (EMOJI_CDN_URL); a route stub stands in for it. */
const EMOJI_CDN = 'https://emoji-cdn.test/npm';

/** A valid 1x1 yellow PNG, served by the stand-in CDN for every emoji. */
const png = (): Buffer => rgbPng(1, [[250, 200, 40]]);

type Answer = 'Discard' | 'Keep editing';

/**
 * A signed-in tab whose confirmations this suite answers itself: each question is recorded, and answered
 * with the next queued answer, whether it comes as the browser's confirm() or as the app's in-app
 * alertdialog.
 */
async function signedIn(prefix: string) {
  const tab = await signedInTab(browser, prefix);
  const questions: string[] = [];
  const answers: Answer[] = [];
  tab.page.removeAllListeners('dialog');
  tab.page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void (answers.shift() === 'Keep editing' ? dialog.dismiss() : dialog.accept());
  });
  /** Runs `act`, then answers the question it raises with `answer`; resolves the question's text. */
  const answerNext = async (answer: Answer, act: () => Promise<void>): Promise<string> => {
    const asked = questions.length;
    answers.push(answer);
    await act();
    const inApp = tab.page.getByRole('alertdialog');
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      if (questions.length > asked) return questions[questions.length - 1];
      if (await inApp.isVisible()) {
        answers.shift();
        const text = (await inApp.textContent()) ?? '';
        await inApp.getByRole('button', { name: answer, exact: true }).click();
        await inApp.waitFor({ state: 'detached' });
        return text;
      }
    }
    throw new Error('no confirmation was asked');
  };
  return { ...tab, questions, answerNext };
}

const openGlobalComposer = async (page: Page) => {
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await dialog.waitFor();
  return dialog;
};
const inlineComposer = (page: Page) => page.getByRole('form', { name: 'Create a post' });

describe('drafts never vanish', () => {
  it('Escape inside the emoji panel or the GIF search closes only that picker, not the composer', async () => {
    const { page, context, questions } = await signedIn('esc');
    const dialog = await openGlobalComposer(page);
    await dialog.getByLabel("What's happening?").fill('Escape must not eat this');

    await dialog.getByRole('button', { name: 'Emoji', exact: true }).click();
    await dialog.getByRole('button', { name: 'Show all Emojis' }).click();
    const emojiSearch = dialog.getByRole('textbox', { name: 'Type to search for an emoji' });
    await emojiSearch.click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('group', { name: 'Emoji picker' }).waitFor({ state: 'detached' });
    expect(await dialog.getByRole('button', { name: 'Emoji', exact: true }).evaluate((b) => b === document.activeElement)).toBe(true);

    await dialog.getByRole('button', { name: 'GIF', exact: true }).click();
    const gifSearch = dialog.getByRole('searchbox', { name: 'Search GIFs' });
    await gifSearch.fill('party');
    await page.keyboard.press('Escape');
    await gifSearch.waitFor({ state: 'detached' });

    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("What's happening?").inputValue()).toBe('Escape must not eat this');
    expect(questions).toEqual([]);
    await context.close();
  });

  it('closing a composer that holds text asks "Discard post?": Keep editing keeps it, Discard throws it away', async () => {
    const { page, context, answerNext } = await signedIn('dsc');
    const dialog = await openGlobalComposer(page);
    await dialog.getByLabel("What's happening?").fill('Second thoughts');

    expect(await answerNext('Keep editing', () => page.keyboard.press('Escape'))).toContain(MESSAGES.post.confirmDiscard);
    expect(await dialog.getByLabel("What's happening?").inputValue()).toBe('Second thoughts');
    // A click on the backdrop beside the dialog asks too.
    expect(await answerNext('Keep editing', () => page.mouse.click(5, 5))).toContain(MESSAGES.post.confirmDiscard);
    expect(await dialog.isVisible()).toBe(true);

    expect(await answerNext('Discard', () => dialog.getByRole('button', { name: 'Close', exact: true }).click())).toContain(MESSAGES.post.confirmDiscard);
    await dialog.waitFor({ state: 'detached' });
    const again = await openGlobalComposer(page);
    expect(await again.getByLabel("What's happening?").inputValue()).toBe('');
    await context.close();
  });

  it('a draft comes back after a reload, in the global composer and in the Home composer, until it is posted', async () => {
    const { page, context } = await signedIn('rld');
    const globalText = `Unsent ${uniqueName('g')}`;
    const inlineText = `Half written ${uniqueName('h')}`;
    const dialog = await openGlobalComposer(page);
    await dialog.getByLabel("What's happening?").fill(globalText);
    await page.reload();
    await inlineComposer(page).getByLabel("What's happening?").fill(inlineText);
    await page.reload();

    expect(await inlineComposer(page).getByLabel("What's happening?").inputValue()).toBe(inlineText);
    const restored = await openGlobalComposer(page);
    expect(await restored.getByLabel("What's happening?").inputValue()).toBe(globalText);
    await shot(page, 'composer-draft-restored', false);
    await restored.getByRole('button', { name: 'Post', exact: true }).click();
    await restored.waitFor({ state: 'detached' });

    await page.reload();
    expect(await (await openGlobalComposer(page)).getByLabel("What's happening?").inputValue()).toBe('');
    await context.close();
  });
});

describe('emoji panel', () => {
  it('opens on the quick reactions; the Twitter style chosen in Settings draws them from the emoji CDN', async () => {
    const { page, context } = await signedIn('emo');
    const served: string[] = [];
    await page.route(`${EMOJI_CDN}/**`, (route) => {
      served.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: png() });
    });

    await page.goto('/settings');
    await page.getByRole('combobox', { name: 'Emoji style' }).selectOption('twitter');
    await page.getByRole('radio', { name: 'Frequently used' }).check();

    await page.goto('/');
    const dialog = await openGlobalComposer(page);
    await dialog.getByRole('button', { name: 'Emoji', exact: true }).click();
    const reactions = dialog.getByRole('list', { name: 'Reactions' });
    await reactions.waitFor();
    const thumbsUp = reactions.getByRole('button', { name: 'thumbs up' }).locator('img');
    expect(await thumbsUp.getAttribute('src')).toBe(`${EMOJI_CDN}/emoji-datasource-twitter/img/twitter/64/1f44d.png`);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[aria-label="Reactions"] img')).every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    );
    expect(served).toContain(`${EMOJI_CDN}/emoji-datasource-twitter/img/twitter/64/1f44d.png`);
    expect(await dialog.getByRole('button', { name: 'Show all Emojis' }).isVisible()).toBe(true);
    await shot(page, 'composer-emoji-quick-reactions', false);

    await reactions.getByRole('button', { name: 'red heart' }).click();
    await dialog.getByRole('group', { name: 'Emoji picker' }).waitFor({ state: 'detached' });
    expect(await dialog.getByLabel("What's happening?").inputValue()).toBe('❤️');
    await context.close();
  });
});
