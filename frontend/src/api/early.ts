import { APP_CLIENT_HEADER } from '@cloud9/contracts';

/** Same origin unless VITE_API_BASE points elsewhere (e.g. a separately hosted API). */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** What every API call sends (APP_CLIENT_HEADER: the admin tools that run on a GET answer only to it). */
export const API_HEADERS: Readonly<Record<string, string>> = { Accept: 'application/json', [APP_CLIENT_HEADER.name]: APP_CLIENT_HEADER.value };

/** An early answer not taken by then is dropped: it is no fresher than a read made now. */
const EARLY_ANSWER_TTL_MS = 10_000;

const early = new Map<string, Promise<Response>>();

/**
 * Starts the GETs of `paths` now, before the code that will ask for them has arrived (the boot
 * script, for the first screen). Each answer is taken once, by the first read of that path
 * (takeEarly), so a screen draws with its data as soon as its code runs.
 */
export function startEarly(paths: readonly string[]): void {
  for (const path of paths) {
    const response = fetch(`${API_BASE}${path}`, { headers: API_HEADERS, credentials: 'include' }).then(readWhole);
    // Nobody may take it: a failure here must not surface as an unhandled rejection.
    response.catch(() => undefined);
    early.set(path, response);
    setTimeout(() => {
      if (early.get(path) === response) early.delete(path);
    }, EARLY_ANSWER_TTL_MS);
  }
}

/** Statuses whose answer has no body (a Response made with one throws). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The answer with its body read to the end: one nobody takes must still end its request (a page
 * whose read is left half-open never counts as settled), and one taken later is read from memory.
 */
async function readWhole(response: Response): Promise<Response> {
  const body = NO_BODY.has(response.status) ? null : await response.blob();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The early answer for a GET of `path`, once; null if none was started or it has been dropped. */
export function takeEarly(path: string): Promise<Response> | null {
  const response = early.get(path) ?? null;
  early.delete(path);
  return response;
}
