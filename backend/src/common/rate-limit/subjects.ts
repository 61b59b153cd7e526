import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/** The eight 16-bit groups of an IPv6 address ("2001:db8::1" -> 2001 db8 0 0 0 0 0 1). */
export function ipv6Groups(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parts = (text: string | undefined) =>
    (text ? text.split(':') : []).flatMap((part) => {
      if (!isIPv4(part)) return [part];
      const [a, b, c, d] = part.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const front = parts(head);
  const back = parts(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16).toString(16));
}

/**
 * The rate-limit subject of a client address. IPv6 counts per /64: one subscriber holds a whole
 * /64 and can switch addresses inside it at will. IPv4-mapped IPv6 counts as the IPv4 address.
 */
export function ipSubject(ip: string | undefined): string {
  const address = (ip ?? '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return `ip:${mapped[1]}`;
  if (isIPv6(address)) return `ip:${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return `ip:${address || 'unknown'}`;
}

/** The one subject of a global budget (every caller counts against it together). */
export const EVERYONE = 'all';

export const accountSubject = (userId: number): string => `user:${userId}`;

/** The client address as TRUST_PROXY decides it (app.set('trust proxy')). */
export const requestIpSubject = (req: Request): string => ipSubject(req.ip ?? req.socket.remoteAddress);

/** Per account when signed in as `userId`, per client address otherwise. */
export const subjectOf = (req: Request, userId: number | null | undefined): string => (userId ? accountSubject(userId) : requestIpSubject(req));

/** Per account when signed in (the session's user), per client address otherwise. */
export const actorSubject = (req: Request): string => subjectOf(req, req.session?.userId);
