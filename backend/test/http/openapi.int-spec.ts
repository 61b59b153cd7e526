import { bootApp, type TestApp } from '../support/app';
import { appRoutes } from '../support/routes';
import { ApiDocument, apiDocumentOf } from '../../src/modules/api-docs/api-document';
import { DocumentedAnswers } from '../support/documented-answers';

type Paths = Record<string, Record<string, { operationId: string }>>;

/**
 * GET /api/openapi.json and the reference page /api/docs on the running app; the operations it
 * documents are exactly the routes the app answers.
 */
describe('OpenAPI document and reference', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootApp();
  });
  afterAll(() => t?.close());

  it('GET /api/openapi.json: the document, public and cacheable, built once', async () => {
    const res = await t.agent().get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toEqual(apiDocumentOf(t.settings));
    expect(t.app.get(ApiDocument).value).toBe(t.app.get(ApiDocument).value);
    // The ETag revalidates: no body when nothing changed.
    await t.agent().get('/api/openapi.json').set('If-None-Match', res.headers.etag).expect(304);
    // Nothing of the instance: not its address, its database or its secrets.
    const text = JSON.stringify(res.body);
    for (const secret of [t.settings.sessionSecret, t.settings.databaseUrl, t.settings.redisUrl, t.settings.publicUrl, t.settings.redisPrefix]) expect(text).not.toContain(secret);
  });

  it('documents exactly the operations the app answers under /api (both ways)', async () => {
    const { body } = await t.agent().get('/api/openapi.json').expect(200);
    const documented = Object.entries(body.paths as Paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const served = appRoutes(t.app)
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented).toEqual(served);
  });

  it('GET /api/docs: the reference page and its files, from this origin under the app CSP', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await t.agent().get(url).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(page.text).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
      const scripts = [...page.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts).toEqual(['/api/docs/favicon-32x32.png', '/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/reference.js']);
      for (const file of scripts) {
        const res = await t.agent().get(file).expect(200);
        expect(res.headers['cache-control']).toBe('public, no-cache');
      }
    }
    expect((await t.agent().get('/api/docs/reference.js')).text).toContain("url: '/api/openapi.json'");
    // Only the renderer's files are served, nothing else of its folder.
    await t.agent().get('/api/docs/package.json').expect(404);
    await t.agent().get('/api/docs/oauth2-redirect.html').expect(404);
  });

  it('the suites\' hook refuses an answer the document does not give: another status, a body outside the schema, not JSON', () => {
    const answers = new DocumentedAnswers(t.app.get(ApiDocument).value);
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const error = (status: number) => Buffer.from(JSON.stringify({ success: false, error: 'Not found.', statusCode: status }));
    expect(answers.check('GET', '/api/posts/1', 404, json, error(404))).toBeUndefined();
    expect(answers.check('GET', '/api/posts/1', 418, json, error(418))).toMatch(/posts\.get.*418, a status the document does not give it/);
    expect(answers.check('GET', '/api/posts/1', 404, json, error(400))).toMatch(/outside its schema/);
    expect(answers.check('GET', '/api/posts/1', 404, json, Buffer.from('{"success":false}'))).toMatch(/outside its schema/);
    expect(answers.check('GET', '/api/posts/1', 429, { ...json, 'retry-after': '1' }, error(429))).toBeUndefined();
    expect(answers.check('GET', '/api/openapi.json', 200, json, Buffer.from('{"openapi":"3.1.1"}'))).toMatch(/outside its schema/);
    expect(answers.check('GET', '/api/posts/1', 200, { 'content-type': 'text/html' }, Buffer.from('<p>'))).toMatch(/not JSON/);
    // Not an operation of the document: not checked.
    expect(answers.check('GET', '/api/nothing-here', 404, json, error(404))).toBeUndefined();
    expect(answers.check('GET', '/api/docs', 200, { 'content-type': 'text/html' }, Buffer.from('<p>'))).toBeUndefined();
  });
});
