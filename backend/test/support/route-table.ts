import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { ApiRoute, BodyOf, Multipart, QueryOf, ResponseOf } from '@cloud9/contracts';
import { controllerRoutes } from './routes';

/**
 * Ties a controller's handlers to the route table (libs/contracts/src/routes.ts). Each controller's
 * spec binds every handler to its route, naming the DTO classes its @Body() and @Query() read:
 * - at compile time (npm run typecheck), the handler's awaited return type must be assignable to the
 *   route's response; the route's JSON body must be assignable to the body DTO and name only its
 *   fields; its multipart text fields and query names must be fields of the DTO (the validation pipe
 *   drops any other field);
 * - at run time (the spec), each handler's method and path are the route's, every handler is bound,
 *   and the DTO classes named are the ones the handler's parameters declare.
 */

type Dto = abstract new (...args: never[]) => object;

export interface RouteBinding {
  route: ApiRoute;
  /** The class of the handler's @Body() parameter, when it is one. */
  body?: Dto;
  /** The class of the handler's @Query() parameter, when it is one. */
  query?: Dto;
}

type Handler = (...args: never[]) => unknown;
type HandlerName<C> = { [K in keyof C]: C[K] extends Handler ? K : never }[keyof C];

/** The names of A that B does not have (none when there is no A). */
type Extra<A, B> = [A] extends [never] ? never : Exclude<keyof A, keyof B>;
type Json<B> = Exclude<B, Multipart<object, string>>;
type FormFields<B> = B extends Multipart<infer Fields, string> ? Fields : never;
type DtoOf<B, K extends 'body' | 'query'> = B extends { [P in K]: infer D extends Dto } ? InstanceType<D> : undefined;

type Answer<H> = Awaited<ReturnType<Extract<H, Handler>>>;
type IsAny<T> = 0 extends 1 & T ? true : false;

/** `any` would agree with every table: a handler must say what it answers. */
type ResponseProblem<H, R extends ApiRoute> = IsAny<Answer<H>> extends true
  ? { response: 'the handler answers any' }
  : [Answer<H>] extends [ResponseOf<R>]
    ? never
    : { response: { handler: Answer<H>; table: ResponseOf<R> } };

type BodyProblem<B, Body> = [Body] extends [undefined]
  ? never
  : [Json<B>] extends [Body]
    ? [Extra<Json<B>, Body> | Extra<FormFields<B>, Body>] extends [never]
      ? never
      : { bodyFieldsTheServerDrops: Extra<Json<B>, Body> | Extra<FormFields<B>, Body> }
    : { body: { table: Json<B>; dto: Body } };

type QueryProblem<Q, Query> = [Query] extends [undefined] ? never : [Extra<Q, Query>] extends [never] ? never : { queryNamesTheServerDrops: Extra<Q, Query> };

type Problems<H, B extends RouteBinding> =
  | ResponseProblem<H, B['route']>
  | BodyProblem<BodyOf<B['route']>, DtoOf<B, 'body'>>
  | QueryProblem<QueryOf<B['route']>, DtoOf<B, 'query'>>;

type Checked<C, B> = { [K in keyof B]: K extends keyof C ? (B[K] extends RouteBinding ? ([Problems<C[K], B[K]>] extends [never] ? B[K] : { problem: Problems<C[K], B[K]> }) : never) : never };

/** `bindRoutes<SomeController>()({ handler: { route, body?, query? }, ... })`: every handler, checked against its route. */
export const bindRoutes =
  <C>() =>
  <B extends Record<HandlerName<C>, RouteBinding>>(bindings: B & Checked<C, B>): B =>
    bindings;

interface ParamArg {
  index: number;
  data?: unknown;
}

/** The class of the handler's whole @Body() or @Query() parameter; undefined when it has none or takes any shape (unknown, a Record). */
function argumentClass(controller: Dto, handler: string, kind: RouteParamtypes): Dto | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, ParamArg>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handler) ?? []) as Dto[];
  const arg = Object.entries(args).find(([key, value]) => key.startsWith(`${kind}:`) && value.data === undefined)?.[1];
  const type = arg ? types[arg.index] : undefined;
  return type === Object ? undefined : type;
}

/** The run-time half: method, path and DTO classes of every handler of `controller` agree with `bindings`. */
export function expectControllerMatchesTable(controller: new (...args: never[]) => object, bindings: Record<string, RouteBinding>): void {
  const routes = controllerRoutes(controller);
  expect(routes.map((r) => r.handler).sort()).toEqual(Object.keys(bindings).sort());
  for (const { handler, method, path } of routes) {
    const { route, body, query } = bindings[handler];
    expect({ handler, method, path, body: argumentClass(controller, handler, RouteParamtypes.BODY), query: argumentClass(controller, handler, RouteParamtypes.QUERY) }).toEqual({
      handler,
      method: route.method,
      path: route.path,
      body,
      query,
    });
  }
}
