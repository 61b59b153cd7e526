import type { ApiError, ApiRoute, BodyOf, Multipart, ParamsOf, PathParamNames, QueryOf, ResponseOf } from '@cloud9/contracts';
import { HTTP_MESSAGES, ROUTES } from '@cloud9/contracts';
import { API_BASE, API_HEADERS, takeEarly } from './early';
import { requestPath } from './paths';

export class ApiRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
  }
}

type UnauthorizedHandler = () => void;
const unauthorizedHandlers = new Set<UnauthorizedHandler>();

/**
 * Runs `handler` after every 401 but a sign-in's, in the order registered: the session store ends
 * the session (stores/session.ts), the router goes to /login (app/router.tsx). They register here
 * so this layer knows neither. Answers the handler's removal.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects are sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
}

function isApiError(value: unknown): value is Pick<ApiError, 'error'> {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The routes whose 401 answers a sign-in attempt, not a lost session. */
const SIGN_INS = [ROUTES.auth.login, ROUTES.twoFactor.login, ROUTES.passkeys.signIn];

/** The one place that talks to the backend. Throws ApiRequestError for any non-2xx answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...API_HEADERS };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  const send = () => fetch(`${API_BASE}${path}`, { method, headers, body, credentials: 'include', signal: options.signal });
  // A first screen's read the boot script already started (api/early.ts); if that one failed, anew.
  const early = method === 'GET' ? takeEarly(path) : null;
  try {
    response = await (early ? early.catch(send) : send());
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(0, HTTP_MESSAGES.serviceUnavailable);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  // A 401 on a sign-in just means bad credentials; anywhere else the session is gone.
  const isLogin = SIGN_INS.some((route) => method === route.method && path === route.path);
  if (response.status === 401 && !isLogin) {
    for (const handler of unauthorizedHandlers) handler();
  }
  const message = isApiError(data) ? data.error : typeof data === 'string' && data.length < 300 ? data : response.statusText;
  throw new ApiRequestError(response.status, message || '');
}

/** A multipart body is sent as FormData; any other body as JSON. */
type SentBody<B> = B extends Multipart<object, string> ? FormData : B;

/** Path parameters when the path has any, the query and body when the route takes them. */
type CallOptions<R extends ApiRoute> = { signal?: AbortSignal } & ([PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<R> }) &
  ([QueryOf<R>] extends [undefined] ? { query?: undefined } : { query?: QueryOf<R> }) &
  ([BodyOf<R>] extends [undefined] ? { body?: undefined } : { body: SentBody<BodyOf<R>> });

type CallArgs<R extends ApiRoute> = object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** Calls one endpoint of the route table: fills its path, adds the query string, answers the route's response type. */
export function callApi<R extends ApiRoute>(route: R, ...[options]: CallArgs<R>): Promise<ResponseOf<R>> {
  const { params, query, body, signal } = (options ?? {}) as { params?: ParamsOf<R>; query?: QueryOf<R>; body?: unknown; signal?: AbortSignal };
  return apiRequest<ResponseOf<R>>(requestPath(route, { params, query }), { method: route.method, body, signal });
}

/** The form fields and files a multipart route takes. */
type FormParts<B> = B extends Multipart<infer Fields, infer Files> ? Fields & { [F in Files]?: Blob } : never;

/** A multipart route's FormData, its parts set in the order given; absent parts are left out. */
export function formOf<R extends ApiRoute>(_route: R, parts: FormParts<BodyOf<R>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts as Record<string, string | Blob | undefined>)) {
    if (value !== undefined) form.set(name, value);
  }
  return form;
}

/** The server's message when there is one, else the caller's fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.message ? err.message : fallback;
}
