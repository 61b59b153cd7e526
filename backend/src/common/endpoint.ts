import { applyDecorators, createParamDecorator, Delete, ExecutionContext, Get, HttpCode, Patch, Post, Put, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { ApiRoute, HttpMethod, ResponseOf } from '@cloud9/contracts';
import { parseWith } from './request-schemas';

/** The metadata key under which a handler keeps its route of the table. */
export const ENDPOINT_KEY = 'c9:endpoint';

const METHOD_DECORATORS: Record<HttpMethod, (path: string) => MethodDecorator> = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete };

/** The status a successful call answers unless the handler sets another (an edit of a notice: 200 of 200 | 201). */
function defaultStatus(route: ApiRoute): number {
  if (route.responses[201]) return 201;
  if (route.responses.file) return 200;
  if (route.responses[202] && !route.responses[200]) return 202;
  if (route.responses[204] === null && !route.responses[200]) return 204;
  return 200;
}

/**
 * Binds a handler to its route of the table (libs/contracts/src/routes.ts): Nest's method and path
 * (under the global `api` prefix; the controller takes no path of its own), the success status, and
 * the schemas @Params, @QueryOf and @BodyOf validate with.
 */
export function Endpoint<R extends ApiRoute>(route: R) {
  const decorate = applyDecorators(METHOD_DECORATORS[route.method](route.path.replace(/^\/api\//, '')), HttpCode(defaultStatus(route)), SetMetadata(ENDPOINT_KEY, route));
  // Typed so that a handler whose answer is not the route's success answer does not compile.
  return <H extends (...args: never[]) => ResponseOf<R> | Promise<ResponseOf<R>>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    decorate(target, key, descriptor);
  };
}

/** The route a handler was bound to with @Endpoint. */
const routeOf = (ctx: ExecutionContext): ApiRoute => {
  const route = Reflect.getMetadata(ENDPOINT_KEY, ctx.getHandler()) as ApiRoute | undefined;
  if (!route) throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} reads its request through its route: bind it with @Endpoint`);
  return route;
};

const isMultipart = (req: Request) => (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * The path parameters, parsed with the route's `params` schema (an id becomes a number; 400 with the
 * catalogue message otherwise); `@Params('id')` for one of them.
 */
export const Params = createParamDecorator((name: string | undefined, ctx: ExecutionContext) => {
  const route = routeOf(ctx);
  const raw = ctx.switchToHttp().getRequest<Request>().params;
  const params = route.params ? (parseWith(route.params, raw) as Record<string, unknown>) : raw;
  return name === undefined ? params : params[name];
});

/** The query string, parsed with the route's `query` schema: unknown keys dropped, 400 with the first failing key's message. */
export const QueryOf = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const route = routeOf(ctx);
  if (!route.query) throw new Error(`${route.method} ${route.path} declares no query`);
  return parseWith(route.query, ctx.switchToHttp().getRequest<Request>().query);
});

/**
 * The body, parsed with the route's `body` schema, or with its `multipart.fields` when the request is a
 * multipart form (read by the route's upload interceptor before this runs). An absent body reads as {}.
 */
export const BodyOf = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const route = routeOf(ctx);
  const req = ctx.switchToHttp().getRequest<Request>();
  const schema = route.multipart && (isMultipart(req) || !route.body) ? route.multipart.fields : route.body;
  if (!schema) throw new Error(`${route.method} ${route.path} declares no body`);
  return parseWith(schema, (req.body as unknown) ?? {});
});
