import type { IncomingHttpHeaders } from 'node:http';
import { Settings } from '../config/settings';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** The origins whose pages may call the API: PUBLIC_URL (and its loopback aliases) plus ALLOWED_ORIGINS. */
export function allowedOrigins(settings: Settings): Set<string> {
  const publicUrl = new URL(settings.publicUrl);
  const origins = new Set<string>([publicUrl.origin, ...settings.allowedOrigins]);
  if (LOOPBACK.includes(publicUrl.hostname)) {
    for (const host of LOOPBACK) origins.add(`${publicUrl.protocol}//${host}${publicUrl.port ? ':' + publicUrl.port : ''}`);
  }
  return origins;
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a browser sent this request from a page that is not ours (OWASP's Fetch Metadata and
 * origin checks; only a browser can carry a user's cookie, and it cannot forge these headers):
 * - an Origin decides when there is one: it must be ours (PUBLIC_URL, its loopback aliases, or an
 *   ALLOWED_ORIGINS one), whatever the method. `null` (sandboxed frame, privacy redirect) is foreign.
 * - without an Origin, Sec-Fetch-Site decides. A request that acts must be `same-origin`: `same-site`
 *   is a sibling subdomain, not us, and `none` (typed address, bookmark) never posts. A read is
 *   refused when another site or a sibling subdomain sent it (a link, <img>, <script>, no-cors fetch):
 *   the API serves no page another site should reach, and a followed link can then trigger nothing.
 * - with neither (an older browser), a request that acts must not come with a foreign Referer.
 * - a request with none of them is no browser's (curl, a script, PayPal's webhook): it carries no
 *   user's cookie by accident, so it passes as before.
 */
export function fromForeignPage(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>, acts: boolean): boolean {
  const origin = header(headers.origin);
  if (origin !== undefined) return !allowed.has(origin.trim().replace(/\/+$/, ''));
  const site = header(headers['sec-fetch-site']);
  if (site !== undefined) return acts ? site !== 'same-origin' : site === 'cross-site' || site === 'same-site';
  const referer = header(headers.referer);
  if (!acts || referer === undefined) return false;
  const refererOrigin = originOf(referer);
  return refererOrigin === null || !allowed.has(refererOrigin);
}
