/**
 * What one endpoint of the API is, declared once: its method and path pattern (Express style,
 * `/api/posts/:id`), who may call it, and the schemas of its path parameters, query, body and
 * answers. The server validates requests with these schemas, the OpenAPI document is generated from
 * them, and the client's types are inferred from them (ParamsOf, QueryOf, BodyOf, ResponseOf).
 *
 * The schemas are zod's (docs/decisions/0083): typed here against zod's core, so a route may be
 * built with `zod` or `zod/mini` alike.
 */
import type { $ZodObject, $ZodType, output } from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `session` needs a signed-in session (401 without), `optional` reads the
 * session when there is one (signed-out callers get the public answer), `public` never reads it.
 */
export type RouteAuth = 'public' | 'optional' | 'session';

/** A multipart/form-data body: text fields (each sent as a string) and file parts by name. */
export interface MultipartSchema<Fields extends $ZodObject = $ZodObject, Files extends string = string> {
  readonly fields: Fields;
  readonly files: readonly Files[];
}

/** The success answers of a route by status; 204 answers no body. */
export interface RouteResponses {
  readonly 200?: $ZodType;
  readonly 201?: $ZodType;
  readonly 202?: $ZodType;
  readonly 204?: null;
  /**
   * A download: 200 answers the bytes of a file of this media type (not JSON; the route then has no
   * `200` schema). Its handler answers a FileAnswer (Nest's StreamableFile).
   */
  readonly file?: string;
  /** A 503 of the route's own shape instead of the catalogue error (the health reports): for the OpenAPI document, never the client's type. */
  readonly 503?: $ZodType;
}

export interface ApiRoute<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  readonly path: P;
  /** One line for the API reference. */
  readonly summary?: string;
  readonly auth: RouteAuth;
  /** The path's `:name` parameters, parsed from their strings. */
  readonly params?: $ZodObject;
  /** The query string's values, parsed from their strings. */
  readonly query?: $ZodObject;
  /** A JSON body. A route with both `body` and `multipart` takes either. */
  readonly body?: $ZodType;
  readonly multipart?: MultipartSchema;
  readonly responses: RouteResponses;
  /** The 4xx/5xx this route can answer besides the ones every route can (400, 413, 429, 500, 503, ...). */
  readonly errors: readonly number[];
}

/** `defineRoute({ method, path, auth, params?, query?, body?, multipart?, responses, errors })`: the literals kept. */
export const defineRoute = <const R extends ApiRoute<HttpMethod, `/api/${string}`>>(route: R): R => route;

/**
 * A multipart/form-data body as the client builds it: the text fields and the file parts by name.
 * Only a type: the client sends FormData (api/client.ts formOf).
 */
export interface Multipart<Fields extends object, Files extends string> {
  readonly fields: Fields;
  readonly files: Files;
}

/** The query the client means (numbers as numbers); the client sends it as text, the server's schema reads it back. */
export type QueryOf<R extends ApiRoute> = R extends { query: infer Q extends $ZodObject } ? OrNull<output<Q>> : undefined;

/** An optional query value may also be null: the client leaves null out of the query string, as it does undefined. */
type OrNull<T> = { [K in keyof T]: undefined extends T[K] ? T[K] | null : T[K] };

type JsonBodyOf<R> = R extends { body: infer B extends $ZodType } ? output<B> : never;
type FormBodyOf<R> = R extends { multipart: MultipartSchema<infer F, infer Files> } ? Multipart<FormText<output<F>>, Files> : never;
/** Form fields travel as text: a number field is sent as its digits. */
type FormText<T> = { [K in keyof T]: Exclude<T[K], number> | (number extends T[K] ? string : never) };
type OrUndefined<T> = [T] extends [never] ? undefined : T;

/**
 * The JSON body, or (for a multipart route) the form's text fields and file parts, as the server reads
 * them (a number where it also takes a string of digits); undefined when the route takes none.
 */
export type BodyOf<R extends ApiRoute> = OrUndefined<JsonBodyOf<R> | FormBodyOf<R>>;

type SuccessStatus = 200 | 201 | 202;

/** What a download's handler answers on the server: a stream of the file (Nest's StreamableFile has this shape). */
export interface FileAnswer {
  getStream(): unknown;
}

/** What a successful call answers: the union of the route's success schemas (undefined for 204 only; a FileAnswer for a download). */
export type ResponseOf<R extends ApiRoute> =
  | { [S in SuccessStatus]: R['responses'] extends { [K in S]: infer T extends $ZodType } ? output<T> : never }[SuccessStatus]
  | (R['responses'] extends { 204: null } ? undefined : never)
  | (R['responses'] extends { file: string } ? FileAnswer : never);

/** The `:name` segments of a path pattern. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters as the client fills them in. */
export type ParamsOf<R extends ApiRoute> = { [K in PathParamNames<R['path']>]: string | number };

/** The route's path with each `:name` replaced by its parameter, URL-encoded. */
export function fillPath<R extends ApiRoute>(route: R, params: ParamsOf<R>): string {
  const values = params as Record<string, string | number>;
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
