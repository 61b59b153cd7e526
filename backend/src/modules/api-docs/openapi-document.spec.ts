import { allRoutes } from '@cloud9/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { apiDocumentOf } from './api-document';
import { errorStatuses } from './openapi-document';

type Json = Record<string, unknown>;
const HTTP = { publicUrl: 'http://localhost:3000' };
/**
 * The verdict of @seriousme/openapi-schema-validator (the OpenAPI Initiative's 3.1 schema and its
 * JSON Schema dialect, offline). It is an ES module, which Jest's CommonJS runtime cannot load: its
 * own command line runs it in Node.
 */
function validate(document: object): { valid: boolean; errors?: unknown } {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    try {
      return JSON.parse(execFileSync(process.execPath, [cli, file], { encoding: 'utf8' })) as { valid: boolean };
    } catch (error) {
      return JSON.parse((error as { stdout: string }).stdout) as { valid: boolean; errors: unknown };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const operationsOf = (document: { paths: Record<string, Record<string, Json>> }) =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));

describe('the OpenAPI document', () => {
  const document = apiDocumentOf(HTTP);

  it('is a valid OpenAPI 3.1 document', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(validate(document)).toEqual({ valid: true });
    // The validator does refuse: a document without its info is not one.
    expect(validate({ ...document, info: undefined }).valid).toBe(false);
  }, 60_000);

  it('has one operation per route of the table, named after it', () => {
    const documented = operationsOf(document).map(({ path, method, operation }) => `${operation.operationId as string} ${method.toUpperCase()} ${path}`);
    const table = allRoutes().map(({ name, route }) => `${name} ${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(table.sort());
  });

  it('is the same bytes each time it is built, with nothing of the instance in it', () => {
    const text = JSON.stringify(document);
    expect(JSON.stringify(apiDocumentOf(HTTP))).toBe(text);
    expect(JSON.stringify(apiDocumentOf({ publicUrl: 'http://other.example:8080' }))).toBe(text);
    // The authenticator setup's answer has a field named `secret` (the member's new TOTP secret): that name is the contract's, not the instance's.
    const instanceFree = text.replaceAll('"secret":{"type":"string"}', '').replaceAll('"secret",', '');
    expect(instanceFree).not.toMatch(/localhost|example|secret|postgres|redis:\/\//i);
  });

  it('names the session cookie of the deployment as an apiKey in a cookie, and requires it where the route does', () => {
    expect((document.components as Json).securitySchemes).toEqual({ session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'c9.sid' }) });
    expect(((apiDocumentOf({ publicUrl: 'https://cloud9.example' }).components as Json).securitySchemes as Json).session).toEqual(expect.objectContaining({ name: '__Host-c9.sid' }));
    const security = Object.fromEntries(operationsOf(document).map(({ operation }) => [operation.operationId, operation.security]));
    expect(security['auth.me']).toEqual([{ session: [] }]);
    expect(security['posts.list']).toEqual([{}, { session: [] }]);
    expect(security['config.get']).toEqual([]);
  });

  it('gives every operation the catalogue error for each 4xx/5xx it can answer, with the 429 and 503 headers', () => {
    const responses = (document.components as Json).responses as Record<string, Json>;
    for (const { path, operation } of operationsOf(document)) {
      const route = allRoutes().find((r) => r.name === operation.operationId)!.route;
      const errors = Object.keys(operation.responses as Json).map(Number).filter((s) => s >= 400);
      expect(errors).toEqual(errorStatuses(route));
      expect(errors).toEqual(expect.arrayContaining([400, 500, 503]));
      if (!path.startsWith('/api/health')) expect(errors).toContain(429);
      if (route.auth === 'session') expect(errors).toContain(401);
    }
    expect(Object.keys(responses['Error429'].headers as Json)).toEqual(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    // Not required: the boost quota's 429 is a rule of the month, with no wait to tell.
    expect((responses['Error429'].headers as Record<string, Json>)['Retry-After']).toEqual(expect.objectContaining({ required: false, schema: { type: 'integer', minimum: 0 } }));
    expect(Object.keys(responses['Error503'].headers as Json)).toEqual(['Retry-After']);
    expect(responses['Error404'].content).toEqual({
      'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { statusCode: { const: 404 } } }] } },
    });
  });

  it('describes path and query parameters, JSON and multipart bodies with binary file parts', () => {
    const post = document.paths['/api/posts']['post'] as Json;
    const content = (post.requestBody as Json).content as Record<string, { schema: Json }>;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect((content['multipart/form-data'].schema.properties as Json).file).toEqual({ type: 'string', contentMediaType: 'application/octet-stream' });
    const get = document.paths['/api/posts/{id}']['get'] as Json;
    expect(get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const list = document.paths['/api/posts']['get'] as Json;
    expect((list.parameters as Json[]).every((p) => p.in === 'query')).toBe(true);
    expect((list.parameters as Json[]).map((p) => p.name)).toContain('cursor');
  });
});
