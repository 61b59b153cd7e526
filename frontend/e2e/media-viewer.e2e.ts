import type { Browser, Page } from 'playwright-core';
import { ALT_TEXT_MESSAGES } from '@cloud9/contracts';
import { axeViolations, scrollsSideways, serveAxe } from './a11y';
import { apiSession, baseUrl, DESKTOP, launchBrowser, PHONE, shot, signedInTab, uniqueName, type Viewport } from './support';
import { rgbPng } from './png';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A 240x150 PNG fading from `top` to white, big enough to look at in the screenshots. */
const png = (top: [number, number, number]): Buffer =>
  rgbPng(
    240,
    Array.from({ length: 150 }, (_, y) => {
      const pixel = top.map((c) => Math.round(c + ((255 - c) * y) / 149));
      return Array.from({ length: 240 }, () => pixel).flat();
    }),
  );

/** An image post with its description, made through the API (multipart, as the composers send it). */
async function postImageViaApi(username: string, content: string, alt: string): Promise<void> {
  const { cookie } = await apiSession(username);
  const form = new FormData();
  form.set('content', content);
  form.set('alt', alt);
  form.set('file', new Blob([new Uint8Array(png([250, 200, 40]))], { type: 'image/png' }), 'gold.png');
  const res = await fetch(`${baseUrl()}/api/posts`, { method: 'POST', headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`image post: ${res.status} ${await res.text()}`);
}

const card = (page: Page, text: string) => page.locator('article', { hasText: text }).first();
const focusedIs = (page: Page, name: string) => page.evaluate((n) => document.activeElement?.querySelector('img')?.getAttribute('alt') === n, name);

describe('alt text and the image viewer', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as [string, Viewport][])('%s: describe an upload, read it from the ALT badge, step through images in the viewer, Escape returns the focus', async (size, viewport) => {
    const { page, context, username } = await signedInTab(browser, 'alt', { viewport });
    await serveAxe(context);
    const earlierText = `Gold fields ${uniqueName('g')}`;
    const earlierAlt = 'A field of golden wheat under a clear sky';
    await postImageViaApi(username, earlierText, earlierAlt);
    await page.reload();
    await card(page, earlierText).getByRole('button', { name: earlierAlt }).waitFor();

    // Compose: the calm reminder, then the description with its counter.
    const text = `Morning sky ${uniqueName('s')}`;
    const alt = 'A pink sunrise over a sea of clouds';
    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByLabel("What's happening?").fill(text);
    await composer.getByLabel('Photo/Video').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: png([80, 160, 240]) });
    await composer.getByText(ALT_TEXT_MESSAGES.reminder).waitFor();
    await composer.getByRole('button', { name: ALT_TEXT_MESSAGES.add }).click();
    await composer.getByRole('textbox', { name: ALT_TEXT_MESSAGES.fieldLabel }).fill(alt);
    await composer.getByText(ALT_TEXT_MESSAGES.counter(alt.length)).waitFor();
    await shot(page, `alt-composer-${size}`, false);
    await composer.getByRole('button', { name: 'Post', exact: true }).click();

    // The card: the image is named by its description; the ALT badge shows it.
    const posted = card(page, text);
    const opener = posted.getByRole('button', { name: alt });
    await opener.waitFor();
    expect(await posted.locator('img[src*="/uploads/"]').getAttribute('alt')).toBe(alt);
    const badge = posted.getByRole('button', { name: `${ALT_TEXT_MESSAGES.badge}${ALT_TEXT_MESSAGES.badgeHidden}` });
    await badge.click();
    expect(await posted.getByRole('button', { name: `${ALT_TEXT_MESSAGES.badge}${ALT_TEXT_MESSAGES.badgeHidden}` }).getAttribute('aria-expanded')).toBe('true');
    await posted.getByText(alt, { exact: true }).waitFor();
    await shot(page, `alt-badge-${size}`, false);

    // The viewer: full size, the description as alt and caption, axe-clean, arrows, Escape.
    await opener.click();
    const viewer = page.getByRole('dialog', { name: /^Image 1 of \d+$/ });
    await viewer.waitFor();
    expect(await viewer.getByRole('img', { name: alt }).isVisible()).toBe(true);
    expect(await viewer.locator('figcaption').textContent()).toBe(alt);
    expect(await viewer.getByRole('button', { name: 'Close' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, `viewer-${size}`, false);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: /^Image 2 of \d+$/ }).getByRole('img', { name: earlierAlt }).waitFor();
    expect(await page.getByRole('dialog').locator('figcaption').textContent()).toBe(earlierAlt);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: /^Image 1 of \d+$/ }).getByRole('img', { name: alt }).waitFor();

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction((n) => document.activeElement?.querySelector('img')?.getAttribute('alt') === n, alt);
    expect(await focusedIs(page, alt)).toBe(true);
    await context.close();
  });
});
