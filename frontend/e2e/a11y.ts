import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

const AXE_PATH = '/__e2e__/axe.min.js';
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serves axe-core from the app's own origin to every page of `context`, so the page's
 * Content-Security-Policy (script-src 'self') lets it run without being loosened for the test.
 */
export async function serveAxe(context: BrowserContext): Promise<void> {
  await context.route(`**${AXE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: axeSource }));
}

/** One line per axe violation: the rule, its help text and the first offending elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

/** Whether the page scrolls sideways at its current width. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A screen anyone can use: axe at 0 violations, no sideways scroll and, with `oneHeading`, exactly one h1. */
export async function expectUsableScreen(page: Page, screen: string, { oneHeading = false } = {}): Promise<void> {
  expect({ screen, violations: await axeViolations(page) }).toEqual({ screen, violations: [] });
  if (oneHeading) expect({ screen, h1: await page.locator('h1').count() }).toEqual({ screen, h1: 1 });
  expect({ screen, sideways: await scrollsSideways(page) }).toEqual({ screen, sideways: false });
}
