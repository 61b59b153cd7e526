import type { ApiRoute, RouteName } from '@cloud9/contracts';
import { isHealthProbe } from '../../common/health-probes';
import { API_ERROR_SCHEMA, errorResponse, errorResponseName } from './error-responses';
import { JsonSchemas, type JsonSchema } from './json-schemas';

/** A route of the table with its name (`posts.list`: its group, then its key), as allRoutes() gives them. */
export interface NamedRoute {
  name: RouteName | string;
  route: ApiRoute;
}

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
};
type Operation = Record<string, unknown> & { operationId: string; responses: Record<string, unknown> };

const SESSION_SCHEME = 'session';
/** Methods whose body the API reads (parseBodies): a body of another type is a 415. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The statuses an operation can answer besides its own (`errors`), from the middleware every /api
 * request passes (docs/decisions/0084):
 * - 400: a malformed address (refuseMalformedUrls), or a body that is no valid JSON or form;
 * - 403: a request a browser sent from another site's page (originGuard);
 * - 413: a declared body larger than any route takes (limitRequestBodies);
 * - 415: a body of another type, on a method that reads one (parseBodies);
 * - 404 on every write: a row it refers to was deleted while it ran, the acting account itself
 *   included (ErrorsFilter answers a foreign-key violation so);
 * - 401: no session, on a route that needs one;
 * - 429: the general limit, except on the health probes;
 * - 500: anything unexpected; 503: a dependency away, a query past its time limit, a draining instance.
 */
export function errorStatuses(route: Pick<ApiRoute, 'method' | 'path' | 'auth' | 'errors'>): number[] {
  const statuses = new Set([400, 403, 413, 500, 503, ...route.errors]);
  if (WITH_BODY.has(route.method)) statuses.add(415);
  if (route.method !== 'GET') statuses.add(404);
  if (route.auth === 'session') statuses.add(401);
  if (!isHealthProbe(route.path)) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** `/api/posts/:id` as OpenAPI writes it: `/api/posts/{id}`. */
const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const pathNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** An object schema's properties as OpenAPI parameters (`in: path` or `in: query`). */
function parametersOf(object: JsonSchema, where: 'path' | 'query', names: readonly string[] = []): Record<string, unknown>[] {
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  const all = [...new Set([...names, ...Object.keys(properties)])];
  if (where === 'query') all.sort();
  return all.map((name) => {
    const { description, ...schema } = properties[name] ?? { type: 'string' };
    return { name, in: where, required: where === 'path' || required.has(name), ...(description !== undefined && { description }), schema };
  });
}

/** multipart/form-data: the text fields as strings, each file part as binary. */
function multipartSchema(schemas: JsonSchemas, multipart: NonNullable<ApiRoute['multipart']>): JsonSchema {
  const fields = schemas.of(multipart.fields, 'input');
  const files = Object.fromEntries(multipart.files.map((name) => [name, { type: 'string', contentMediaType: 'application/octet-stream' }]));
  return { ...fields, type: 'object', properties: { ...((fields.properties ?? {}) as object), ...files } };
}

function requestBodyOf(route: ApiRoute, schemas: JsonSchemas): Record<string, unknown> | undefined {
  const content: Record<string, unknown> = {};
  let required = false;
  if (route.body) {
    const schema = schemas.of(route.body, 'input');
    content['application/json'] = { schema };
    required = ((schema.required ?? []) as unknown[]).length > 0;
  }
  if (route.multipart) content['multipart/form-data'] = { schema: multipartSchema(schemas, route.multipart) };
  if (route.multipart && !route.body) required = true;
  return Object.keys(content).length ? { required, content } : undefined;
}

function successResponses(route: ApiRoute, schemas: JsonSchemas): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of [200, 201, 202] as const) {
    const schema = route.responses[status];
    if (schema) out[status] = { description: status === 202 ? 'Accepted: the work goes on after the answer.' : 'Done.', content: { 'application/json': { schema: schemas.of(schema, 'output') } } };
  }
  // A download: the file's bytes, of its media type.
  if (route.responses.file) out[200] = { description: 'The file.', content: { [route.responses.file]: { schema: { type: 'string', contentMediaType: route.responses.file } } } };
  if (route.responses[204] === null) out[204] = { description: 'Done, with no body.' };
  return out;
}

/** Each error status: the catalogue error, or the route's own answer for it (the health reports' 503). */
function errorResponses(route: ApiRoute, schemas: JsonSchemas): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of errorStatuses(route)) {
    const own = status === 503 ? route.responses[503] : undefined;
    out[status] = own
      ? { ...errorResponse(status), content: { 'application/json': { schema: schemas.of(own, 'output') } } }
      : { $ref: `#/components/responses/${errorResponseName(status)}` };
  }
  return out;
}

const SECURITY: Record<ApiRoute['auth'], Record<string, string[]>[]> = {
  public: [],
  // Signed out or in: the answer may differ (what the viewer hides, what they liked).
  optional: [{}, { [SESSION_SCHEME]: [] }],
  session: [{ [SESSION_SCHEME]: [] }],
};

function operationOf(name: string, route: ApiRoute, schemas: JsonSchemas): Operation {
  const params = route.params ? schemas.of(route.params, 'input') : { type: 'object' };
  const query = route.query ? schemas.of(route.query, 'input') : undefined;
  const parameters = [...parametersOf(params, 'path', pathNames(route.path)), ...(query ? parametersOf(query, 'query') : [])];
  const requestBody = requestBodyOf(route, schemas);
  return {
    operationId: name,
    tags: [groupOf(name)],
    ...(route.summary && { summary: route.summary }),
    security: SECURITY[route.auth],
    ...(parameters.length && { parameters }),
    ...(requestBody && { requestBody }),
    responses: { ...successResponses(route, schemas), ...errorResponses(route, schemas) },
  };
}

export interface DocumentFacts {
  /** The API's version (the contracts' package version). */
  version: string;
  /** The session cookie's name in this deployment (c9.sid, or __Host-c9.sid over https). */
  sessionCookie: string;
}

/**
 * The OpenAPI 3.1 document of every route of the table. Deterministic: the same table gives the same
 * bytes (paths, methods, parameters and components sorted), with nothing of the instance in it (no
 * host, no date, no setting but the session cookie's name).
 */
export function openApiDocument(table: readonly NamedRoute[], facts: DocumentFacts): OpenApiDocument {
  const schemas = new JsonSchemas();
  const paths: Record<string, Record<string, Operation>> = {};
  const statuses = new Set<number>();
  const routes = [...table].sort((a, b) => cmp(a.route.path, b.route.path) || cmp(a.route.method, b.route.method));
  for (const { name, route } of routes) {
    const operation = operationOf(name, route, schemas);
    errorStatuses(route).forEach((status) => statuses.add(status));
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Cloud 9 Social API',
      version: facts.version,
      description:
        'The JSON API of Cloud 9 Social, the same one its web app calls. Sign in with POST /api/login: the answer sets the session cookie, which every later call sends. ' +
        'Every error is `{ success: false, error, statusCode }` with a message of the catalogue. Writes from a browser must come from the app\'s own pages.',
    },
    tags: [...new Set(routes.map((r) => groupOf(r.name)))].sort(cmp).map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: API_ERROR_SCHEMA, ...schemas.all() },
      responses: Object.fromEntries([...statuses].sort((a, b) => a - b).map((status) => [errorResponseName(status), errorResponse(status)])),
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: facts.sessionCookie,
          description: 'The session cookie POST /api/login sets (HttpOnly, SameSite=Lax; named __Host-c9.sid when the site is served over https).',
        },
      },
    },
  };
}

/** `posts.list` → `posts`: the tag the reference groups operations by. */
const groupOf = (name: string): string => name.split('.')[0];

/** Code-point order: the same on every machine, whatever its locale. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
