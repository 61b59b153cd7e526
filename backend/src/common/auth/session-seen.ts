import { isIPv4, isIPv6 } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import type Redis from 'ioredis';
import type { RedisKeys } from '../redis.module';
import { ipv6Groups } from '../rate-limit/subjects';

/** A session's "last seen" is written at most this often (per instance). */
const SEEN_EVERY_MS = 60_000;

/** Sessions whose last write this instance remembers; the one written longest ago is forgotten first. */
const MAX_REMEMBERED = 50_000;

/**
 * The network a client address belongs to, coarsely: an IPv4 address's /24 ("203.0.113.0/24"), an
 * IPv6 address's /48 ("2001:db8:1::/48"); an IPv4-mapped IPv6 address counts as its IPv4 address.
 * Never the address itself. Null when there is none.
 */
export function coarsePlace(ip: string | undefined): string | null {
  const address = (ip ?? '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1] : address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 3).join(':')}::/48`;
  return null;
}

/** A session's last visit as stored: when, and from which network. */
export interface SessionSeen {
  at: number;
  place: string | null;
}

/**
 * Notes when a signed-in session was last seen, and from which network (the client address as
 * TRUST_PROXY decides it, made coarse), for its owner's list of sessions. At most one Redis write a
 * minute per session and instance, sent without waiting for it: a request never waits on it, and a
 * failed write only leaves the time older. The hash expires with the absolute lifetime of sessions.
 */
export function noteSessionSeen(redis: Redis, keys: RedisKeys, absoluteMs: number, everyMs = SEEN_EVERY_MS) {
  const written = new Map<string, number>();
  return (req: Request, _res: Response, next: NextFunction) => {
    const userId = req.session?.userId;
    if (userId) {
      const now = Date.now();
      const sid = req.sessionID;
      const last = written.get(sid);
      if (last === undefined || now - last >= everyMs) {
        written.delete(sid); // re-inserted as the newest
        if (written.size >= MAX_REMEMBERED) written.delete(written.keys().next().value!);
        written.set(sid, now);
        const seen: SessionSeen = { at: now, place: coarsePlace(req.ip ?? req.socket.remoteAddress) };
        const key = keys.userSessionSeen(userId);
        redis
          .multi()
          .hset(key, sid, JSON.stringify(seen))
          .pexpire(key, absoluteMs)
          .exec()
          .catch(() => undefined);
      }
    }
    next();
  };
}
