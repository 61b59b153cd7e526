import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses and names the server may reach on a client's behalf (a push endpoint, the page a
 * post links to): public, globally routed unicast only. The server sits beside what a client must never
 * reach through it (the database, Redis, the cloud's metadata service, the admin ports of the host),
 * so an address is refused unless it is plainly public, and a name whose answer holds any address that
 * is not public is refused whole.
 */

/** Names that never leave the machine or the site, whatever they resolve to. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa', 'lan', 'intranet', 'corp'];

/**
 * IPv6's global unicast block. What lies outside it is special or unassigned: the IPv4-mapped and
 * IPv4-compatible forms (a socket given one reaches the IPv4 address inside), NAT64's 64:ff9b::/96
 * (a gateway reaches the IPv4 address inside), unique-local (AWS's metadata service is fd00:ec2::254),
 * link-local, multicast. ipaddr.js calls some of these `unicast` (the IPv4-compatible `::a00:1`), so
 * the block is asked for besides the range.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * A public address: ipaddr.js's `unicast` range (not private, loopback, link-local with the metadata
 * service's 169.254.169.254, CGNAT, 0.0.0.0/8, multicast, broadcast, reserved, documentation, 6to4,
 * Teredo, ...) and, for IPv6, inside 2000::/3. Every form that carries an IPv4 address inside an IPv6
 * one is refused outright rather than judged by the address inside: no public service needs to be
 * named that way, and 6to4 and Teredo would be reached through relays anyway.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
}

/** A name (lower case, no trailing dot) that is local by itself: `localhost`, `*.localhost`, a single label, a private suffix. */
export function isLocalName(host: string): boolean {
  if (!host.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** The host of a URL as an address (IPv6 without its brackets) or a lower-case name without its trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/** The first address of a lookup's answer that is not public; null when all are. */
export function privateAddress(addresses: readonly LookupAddress[]): string | null {
  return addresses.find((a) => !isPublicAddress(a.address))?.address ?? null;
}
