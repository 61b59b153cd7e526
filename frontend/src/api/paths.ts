import { fillPath, type ApiRoute, type ParamsOf, type QueryOf } from '@cloud9/contracts';

/** Builds `?a=1&b=2`, leaving out empty values (null, undefined, ''). */
export function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The path a call of `route` asks for: its parameters filled in, its query after it. Every read
 * goes through it (callApi), and so do the boot script's early reads (app/screens.ts), so an early
 * answer is taken by exactly the read it was started for. No import beyond contracts: the boot
 * script carries it (frontend/chunking.ts).
 */
export function requestPath<R extends ApiRoute>(route: R, { params, query }: { params?: ParamsOf<R>; query?: QueryOf<R> } = {}): string {
  return fillPath(route, params ?? ({} as ParamsOf<R>)) + queryString(query ?? {});
}
