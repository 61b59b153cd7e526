import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { MESSAGES, type Post } from '@cloud9/contracts';
import { answerConfirm, apiSession, launchBrowser, registerViaApi, setGroup, shot, uniqueName, signedInTab } from './support';
import { rgbPng } from './png';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A valid 2x2 sky-blue PNG. */
const png = (): Buffer => rgbPng(2, [[80, 160, 240, 80, 160, 240], [80, 160, 240, 80, 160, 240]]);

const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });
const card = (page: Page, text: string) => page.locator('article', { hasText: text }).first();

const signedIn = (prefix: string, groupId?: number) => signedInTab(browser, prefix, { groupId });

describe('writing posts', () => {
  it('posts text from the inline composer and shows it first in the feed', async () => {
    const { page, context } = await signedIn('txt');
    const text = `Sunny above the clouds ${uniqueName('t')}`;
    await composer(page).getByLabel("What's happening?").fill(text);
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    await card(page, text).waitFor();
    expect(await composer(page).getByLabel("What's happening?").inputValue()).toBe('');
    await page.reload();
    await card(page, text).waitFor();
    await context.close();
  });

  it('posts an image with a preview, served from /uploads', async () => {
    const { page, context } = await signedIn('img');
    const text = `A photo ${uniqueName('p')}`;
    await composer(page).getByLabel("What's happening?").fill(text);
    await composer(page).getByLabel('Photo/Video').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: png() });
    await composer(page).locator('img').first().waitFor();
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    const img = card(page, text).locator('img[src*="/uploads/"]');
    await img.waitFor();
    const res = await page.request.get((await img.getAttribute('src'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    await context.close();
  });

  it('posts a video with a poster frame the browser drew, shown on the card in the video\'s box', async () => {
    const { page, context } = await signedIn('vid');
    const text = `A clip ${uniqueName('v')}`;
    await composer(page).getByLabel("What's happening?").fill(text);
    // A real 64×48 VP8 WebM (backend/test/fixtures/media/README.md says how it was made).
    const clip = readFileSync(path.resolve(__dirname, '../../backend/test/fixtures/media/video.webm'));
    await composer(page).getByLabel('Photo/Video').setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: clip });
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/posts') && res.request().method() === 'POST');
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    // The poster travelled beside the video in the same request: the new post already has it.
    const created = (await (await answered).json()) as Post;
    expect(created.media).toEqual({ width: 64, height: 48, placeholder: null, variants: [], poster: { url: expect.stringMatching(/\.webp$/), width: 64, height: 48 } });
    const video = card(page, text).locator('video');
    await video.waitFor();
    const poster = (await video.getAttribute('poster'))!;
    expect(poster).toMatch(/\/uploads\/[0-9a-f]{64}\.webp$/);
    expect([await video.getAttribute('width'), await video.getAttribute('height')]).toEqual(['64', '48']);
    const res = await page.request.get(poster);
    expect([res.status(), res.headers()['content-type']]).toEqual([200, 'image/webp']);
    // The frame is a picture of the clip (the test pattern's colour bars), not an empty canvas.
    const colours = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const seen = new Set<string>();
      for (let i = 0; i < data.length; i += 4) seen.add(`${data[i] >> 5},${data[i + 1] >> 5},${data[i + 2] >> 5}`);
      return { size: [canvas.width, canvas.height], distinct: seen.size };
    }, poster);
    expect(colours.size).toEqual([64, 48]);
    expect(colours.distinct).toBeGreaterThan(4);
    // The card reserves the video's 4:3 box.
    const box = (await video.boundingBox())!;
    expect(Math.abs(box.width / box.height - 64 / 48)).toBeLessThan(0.05);
    await shot(page, 'post-video-poster', false);
    await context.close();
  });

  it('posts a GIF chosen in the GIF picker (fake provider on loopback)', async () => {
    const { page, context } = await signedIn('gif');
    const text = `Party time ${uniqueName('g')}`;
    await composer(page).getByLabel("What's happening?").fill(text);
    await composer(page).getByRole('button', { name: 'GIF', exact: true }).click();
    await page.getByLabel('Search GIFs').fill('party');
    const firstGif = page.locator('.gif-grid-item').first();
    await firstGif.waitFor();
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.gif-grid-item img')).some((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
    await shot(page, 'composer-gif-picker', false);
    await firstGif.click();
    await page.getByRole('button', { name: 'Remove GIF' }).waitFor();
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    const gif = card(page, text).locator('img[src*="/media/"]');
    await gif.waitFor();
    expect(await gif.getAttribute('src')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
    await context.close();
  });

  it('posts from the floating Post button and closes the dialog', async () => {
    const { page, context } = await signedIn('glob');
    const text = `From anywhere ${uniqueName('f')}`;
    await page.goto('/settings');
    await page.getByRole('button', { name: 'New post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New post' });
    expect(await dialog.getByRole('button', { name: 'Post', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel("What's happening?").fill(text);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto('/');
    await card(page, text).waitFor();
    await context.close();
  });

  it('turns the counter to warning at 30 left and red at 10 left, and appends an emoji that fits', async () => {
    const { page, context } = await signedIn('cnt');
    const box = composer(page).getByLabel("What's happening?");
    const counter = composer(page).getByTestId('char-counter');
    await box.fill('a'.repeat(269));
    expect(await counter.getAttribute('data-tone')).toBe('normal');
    await box.fill('a'.repeat(270));
    expect(await counter.getAttribute('data-tone')).toBe('warning');
    await composer(page).getByText('30 characters remaining').waitFor();
    await box.fill('a'.repeat(290));
    expect(await counter.getAttribute('data-tone')).toBe('danger');
    await shot(page, 'composer-counter', false);

    await box.fill('Hello sky ');
    await composer(page).getByRole('button', { name: 'Emoji', exact: true }).click();
    const emoji = page.locator('.epr-emoji-category button.epr-emoji, button.epr-emoji').first();
    await emoji.waitFor();
    await emoji.click();
    await page.waitForFunction(() => {
      const value = (document.querySelector('form[aria-label="Create a post"] textarea') as HTMLTextAreaElement | null)?.value ?? '';
      return value.startsWith('Hello sky ') && value.length > 'Hello sky '.length;
    });
    await context.close();
  });
});

describe('reacting to posts', () => {
  it('likes and unlikes, replies and reposts, with counts that survive a reload', async () => {
    const author = uniqueName('auth');
    await registerViaApi(author);
    const text = `React to me ${uniqueName('r')}`;
    await (await apiSession(author)).post(text);
    const { page, context } = await signedIn('fan');
    await page.goto(`/?search=${encodeURIComponent('@' + author)}`);
    const post = card(page, text);
    await post.getByRole('button', { name: 'Like, 0 likes' }).click();
    await post.getByRole('button', { name: 'Unlike, 1 like' }).waitFor();
    await page.reload();
    await card(page, text).getByRole('button', { name: 'Unlike, 1 like' }).click();
    await card(page, text).getByRole('button', { name: 'Like, 0 likes' }).waitFor();

    await card(page, text).getByRole('button', { name: 'Reply, 0 replies' }).click();
    const dialog = page.getByRole('dialog', { name: `Reply to @${author}` });
    await dialog.getByLabel('Your reply').fill('Lovely view!');
    await dialog.getByRole('button', { name: 'Reply', exact: true }).click();
    await card(page, text).getByRole('button', { name: 'Reply, 1 reply' }).waitFor();

    await card(page, text).getByRole('button', { name: 'Repost, 0 reposts' }).click();
    await card(page, text).getByRole('button', { name: 'Repost, 1 repost' }).waitFor();
    await page.reload();
    const after = card(page, text);
    await after.getByRole('button', { name: 'Reply, 1 reply' }).waitFor();
    expect(await after.getByRole('button', { name: 'Repost, 1 repost' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});

describe('reading posts', () => {
  it('cuts long text at 300 with Show more opening the whole post', async () => {
    const author = uniqueName('long');
    await registerViaApi(author);
    await setGroup(author, 6); // Silver: 500 characters
    const text = `Start ${uniqueName('s')} ` + 'cloud '.repeat(70) + 'THE-END';
    await (await apiSession(author)).post(text);
    const { page, context } = await signedIn('reader');
    await page.goto(`/?search=${encodeURIComponent('@' + author)}`);
    const post = card(page, 'Start');
    await post.getByRole('button', { name: 'Show more' }).click();
    await page.getByRole('dialog', { name: `Post by @${author}` }).getByText('THE-END').waitFor();
    await context.close();
  });

  it('filters the feed with @user in the search box', async () => {
    const alice = uniqueName('alice');
    const bob = uniqueName('bob');
    await registerViaApi(alice);
    await registerViaApi(bob);
    await (await apiSession(alice)).post(`alice writes ${alice}`);
    await (await apiSession(bob)).post(`bob writes ${bob}`);
    const { page, context } = await signedIn('search');
    // Both posts are on the unfiltered feed first, so the filter has applied once bob's is gone.
    await card(page, `bob writes ${bob}`).waitFor();
    await page.getByLabel('Search posts').fill(`@${alice}`);
    await page.waitForURL((url) => url.searchParams.get('search') === `@${alice}`);
    await page.locator('article', { hasText: `bob writes ${bob}` }).waitFor({ state: 'detached' });
    await card(page, `alice writes ${alice}`).waitFor();
    expect(await page.locator('article', { hasText: `bob writes ${bob}` }).count()).toBe(0);
    await context.close();
  });

  it('loads more posts when scrolling to the end (infinite scroll)', async () => {
    const author = uniqueName('many');
    await registerViaApi(author);
    const api = await apiSession(author);
    for (let i = 1; i <= 45; i++) await api.post(`numbered post ${i} of ${author}`);
    const { page, context } = await signedIn('scroll');
    await page.goto(`/?search=${encodeURIComponent('@' + author)}`);
    await card(page, `numbered post 45 of ${author}`).waitFor();
    expect(await page.locator('article').count()).toBe(20);
    for (let i = 0; i < 10 && (await page.locator('article', { hasText: `numbered post 1 of ${author}` }).count()) === 0; i++) {
      await page.mouse.wheel(0, 20000);
      await page.waitForTimeout(300);
    }
    await card(page, `numbered post 1 of ${author}`).waitFor();
    expect(await page.locator('article').count()).toBe(45);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'home-feed', false);
    await context.close();
  });

  it('shows the single post page with its actions, replies and a Back link, and the not-found message', async () => {
    const author = uniqueName('single');
    await registerViaApi(author);
    const text = `Standalone ${uniqueName('x')}`;
    const session = await apiSession(author);
    const { id } = await session.post(text);
    await session.call('POST', `/api/posts/${id}/like`, {});
    await session.call('POST', `/api/posts/${id}/reply`, { content: 'A reply from the author' });
    const { page, context } = await signedIn('viewer');
    await page.goto(`/post/${id}`);
    await page.getByText(text).waitFor();
    await page.getByRole('list', { name: 'Replies' }).getByText('A reply from the author').waitFor();
    // Signed in, the post carries its actions (their names carry the counts), the page no counts list.
    const focus = page.locator('.thread-focus article');
    for (const name of ['Like, 1 like', 'Repost, 0 reposts', 'Reply, 1 reply', 'Bookmark', 'Share', 'Post options']) await focus.getByRole('button', { name, exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Post counts' }).count()).toBe(0);
    await shot(page, 'post-page', false);
    // Opened directly, Back goes Home.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/post/999999999');
    await page.getByText(MESSAGES.thread.gone).waitFor();
    await context.close();
  });
});

describe('editing and deleting', () => {
  it('gives a Basic author no Edit, a Silver author Edit with the time left', async () => {
    const basic = await signedIn('basic');
    const text = `Basic thought ${uniqueName('b')}`;
    await (await apiSession(basic.username)).post(text);
    await basic.page.goto(`/?search=${encodeURIComponent('@' + basic.username)}`);
    await card(basic.page, text).getByRole('button', { name: 'Post options' }).click();
    await basic.page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await basic.page.getByRole('menuitem', { name: /^Edit/ }).count()).toBe(0);
    await basic.context.close();

    const silver = await signedIn('silver', 6);
    const mine = `Silver thought ${uniqueName('s')}`;
    await (await apiSession(silver.username)).post(mine);
    await silver.page.goto(`/?search=${encodeURIComponent('@' + silver.username)}`);
    await card(silver.page, mine).getByRole('button', { name: 'Post options' }).click();
    await silver.page.getByRole('menuitem', { name: /^Edit \(\d+ min left\)$/ }).click();
    const dialog = silver.page.getByRole('dialog', { name: 'Edit post' });
    await dialog.getByLabel('Post text').fill(`${mine} (revised)`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card(silver.page, `${mine} (revised)`).getByRole('button', { name: 'edited' }).waitFor();
    await silver.context.close();
  });

  it('deletes a post after the confirmation', async () => {
    const { page, alerts, nativeDialogs, context, username } = await signedIn('del');
    const text = `Short-lived ${uniqueName('d')}`;
    const { id } = await (await apiSession(username)).post(text);
    await page.goto(`/?search=${encodeURIComponent('@' + username)}`);
    const options = card(page, text).getByRole('button', { name: 'Post options' });
    // Cancelled: the post stays, and the focus is back in the page.
    await options.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await answerConfirm(page, MESSAGES.post.confirmDelete, 'Cancel');
    await card(page, text).waitFor();
    await options.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const question = page.getByRole('alertdialog', { name: MESSAGES.post.confirmDelete });
    await question.waitFor();
    await shot(page, 'confirm-delete-post', false);
    await answerConfirm(page, MESSAGES.post.confirmDelete, 'Delete');
    expect(alerts.filter((a) => a === MESSAGES.post.confirmDelete)).toHaveLength(2);
    expect(nativeDialogs).toEqual([]);
    await page.locator('article', { hasText: text }).waitFor({ state: 'detached' });
    expect((await page.request.get(`/api/posts/${id}`)).status()).toBe(404);
    await context.close();
  });
});
