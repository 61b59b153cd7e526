/**
 * What one endpoint of the API is: its method and path pattern (Express style, `/api/posts/:id`)
 * and the types of its query, body and answer. The types ride on a field that is never set, so a
 * route is a plain `{ method, path }` at run time and a typed handle for the client and the server's
 * checks at compile time.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A multipart/form-data body: text fields (sent as strings) plus file parts by name. Only a type:
 * the client sends FormData.
 */
export interface Multipart<Fields extends object, Files extends string> {
  readonly fields: Fields;
  readonly files: Files;
}

export interface ApiRoute<M extends HttpMethod = HttpMethod, P extends string = string, Query = unknown, Body = unknown, Response = unknown> {
  readonly method: M;
  readonly path: P;
  /** Never set: carries the types only. `undefined` as query or body means the route takes none. */
  readonly types?: { readonly query: Query; readonly body: Body; readonly response: Response };
}

/** The type half of a route: `response` always; `query` and `body` only when the route takes them. */
interface RouteTypes {
  query?: object;
  body?: unknown;
  response: unknown;
}

type Part<T, K extends keyof RouteTypes> = T extends { [P in K]: infer V } ? V : undefined;

/** `route<{ query, body, response }>()({ method, path })`: the types by hand, method and path as literals. */
export const route =
  <T extends RouteTypes>() =>
  <M extends HttpMethod, P extends `/api/${string}`>(endpoint: { method: M; path: P }): ApiRoute<M, P, Part<T, 'query'>, Part<T, 'body'>, T['response']> =>
    endpoint;

export type QueryOf<R extends ApiRoute> = NonNullable<R['types']>['query'];
export type BodyOf<R extends ApiRoute> = NonNullable<R['types']>['body'];
export type ResponseOf<R extends ApiRoute> = NonNullable<R['types']>['response'];

/** The `:name` segments of a path pattern. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ParamsOf<R extends ApiRoute> = { [K in PathParamNames<R['path']>]: string | number };

/** The route's path with each `:name` replaced by its parameter, URL-encoded. */
export function fillPath<R extends ApiRoute>(route: R, params: ParamsOf<R>): string {
  const values = params as Record<string, string | number>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
