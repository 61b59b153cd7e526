import type { Browser } from 'playwright-core';
import { launchBrowser, openTab, shot, takeCspViolations } from './support';

/**
 * /api/docs in Chromium: swagger-ui renders the OpenAPI document (/api/openapi.json) under the app's
 * CSP, with every operation listed and no violation (setup/csp.ts checks the whole suite too).
 */
describe('API reference (/api/docs)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('renders every operation of the document, with no CSP violation', async () => {
    const { page, context } = await openTab(browser);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('pageerror', (e) => failed.push(e.message));
    const documentAnswer = page.waitForResponse((r) => r.url().endsWith('/api/openapi.json'));
    await page.goto('/api/docs');
    const openapi = (await (await documentAnswer).json()) as { info: { title: string }; paths: Record<string, object> };
    const operations = Object.values(openapi.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    await page.locator('.swagger-ui .info .title').filter({ hasText: openapi.info.title }).waitFor();
    // Every operation is listed (docExpansion list), each with its method and path. The reference draws a
    // long list virtually (only what is near the viewport exists), so the page is scrolled through and
    // every operation seen on the way is counted.
    const seen = await page.evaluate(async (n) => {
      const found = new Set<string>();
      const collect = () =>
        document.querySelectorAll('.swagger-ui .opblock').forEach((block) => {
          const method = block.querySelector('.opblock-summary-method')?.textContent ?? '';
          const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
          found.add(`${method} ${path}`);
        });
      for (let stalled = 0; found.size < n && stalled < 200; stalled++) {
        collect();
        window.scrollBy(0, window.innerHeight / 2);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      collect();
      window.scrollTo(0, 0);
      return [...found];
    }, operations);
    expect(seen).toHaveLength(operations);
    expect(seen).toContain('GET /api/posts/{id}');
    await shot(page, 'api-reference', false);
    expect(failed).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
    await context.close();
  });
});
