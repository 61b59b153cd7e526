import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { PUSH_RULES } from '@cloud9/contracts';

/**
 * Which push endpoints the server will send to. The endpoint is a URL from the client: hostile until
 * judged. A delivery goes only to `https:` and to public unicast addresses; PUSH_ALLOW_PRIVATE_ENDPOINTS
 * (tests, the bench) lifts both. Judged twice: at subscribe time from the URL alone (`endpointProblem`),
 * and at every delivery from the addresses its name resolves to (`privateAddress`, through the
 * sender's lookup, which connects to the address it checked: no DNS-rebinding gap).
 */

/** Names that never leave the machine or the site, whatever they resolve to. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa', 'lan', 'intranet', 'corp'];

/** An address a push may be sent to: ipaddr.js's `unicast` range only (public, globally routed). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

/** A name (lower case, no trailing dot) that is local by itself: `localhost`, `*.localhost`, a single label, a private suffix. */
function isLocalName(host: string): boolean {
  if (!host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** The host of a URL as an address (IPv6 without its brackets) or a lower-case name without its trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

export type EndpointProblem = 'invalid' | 'private';

/**
 * The endpoint normalised (the URL parser's form: percent-encoded, ASCII), or why it is refused:
 * not an https URL of at most PUSH_RULES.endpointMax characters (`invalid`), or one whose URL shows a
 * private target (`private`: http:, a local name, an address that is not public unicast: private,
 * loopback, link-local, CGNAT, metadata, unique-local, IPv4-mapped, 0.0.0.0/8, multicast, ...).
 * Credentials in the URL are refused too: a push service never needs them.
 */
export function judgeEndpoint(raw: string, allowPrivate: boolean): { endpoint: string } | { problem: EndpointProblem } {
  if (!URL.canParse(raw)) return { problem: 'invalid' };
  const url = new URL(raw);
  if (url.href.length > PUSH_RULES.endpointMax || url.username || url.password) return { problem: 'invalid' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'invalid' };
  if (!allowPrivate) {
    if (url.protocol !== 'https:') return { problem: 'private' };
    const host = hostOf(url);
    if (isIP(host) ? !isPublicAddress(host) : isLocalName(host)) return { problem: 'private' };
  }
  return { endpoint: url.href };
}

/** The first address of a lookup's answer that a push must not reach; null when all are public. */
export function privateAddress(addresses: readonly LookupAddress[]): string | null {
  return addresses.find((a) => !isPublicAddress(a.address))?.address ?? null;
}
