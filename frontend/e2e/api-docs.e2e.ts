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
    // Every operation is listed (docExpansion list), each with its method and path.
    await page.waitForFunction((n) => document.querySelectorAll('.swagger-ui .opblock').length === n, operations);
    expect(await page.locator('.swagger-ui .opblock-summary-path').filter({ hasText: '/api/posts/{id}' }).count()).toBeGreaterThan(0);
    await shot(page, 'api-reference', false);
    expect(failed).toEqual([]);
    expect(takeCspViolations()).toEqual([]);
    await context.close();
  });
});
