import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an incoming id may be to be kept: a short token that cannot break a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The id a request is logged and answered under: the caller's (a proxy or a client that traces
 * its calls) when it is a sane token, else a new UUID. A repeated header counts as not sane.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
