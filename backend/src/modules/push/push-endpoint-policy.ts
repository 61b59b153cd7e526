import { isIP } from 'node:net';
import { PUSH_RULES } from '@cloud9/contracts';
import { hostOf, isLocalName, isPublicAddress } from '../../common/net/public-address';

/**
 * Which push endpoints the server will send to. The endpoint is a URL from the client: hostile until
 * judged. A delivery goes only to `https:` and to public unicast addresses (common/net/public-address);
 * PUSH_ALLOW_PRIVATE_ENDPOINTS (tests, the bench) lifts both. Judged twice: at subscribe time from the
 * URL alone (`judgeEndpoint`), and at every delivery from the addresses its name resolves to
 * (`privateAddress`, through the sender's lookup, which connects to the address it checked: no
 * DNS-rebinding gap).
 */

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
