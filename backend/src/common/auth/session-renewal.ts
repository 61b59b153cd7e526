import type { NextFunction, Request, Response } from 'express';
import type { Settings } from '../../config/settings';

const DAY_MS = 24 * 3600 * 1000;

/** How long a session lives: `idleMs` after its last renewal, and never beyond `absoluteMs` after its sign-in. */
export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

export const sessionLifetimes = (settings: Pick<Settings, 'sessionMaxAgeDays' | 'sessionAbsoluteDays'>): SessionLifetimes => ({
  idleMs: settings.sessionMaxAgeDays * DAY_MS,
  absoluteMs: settings.sessionAbsoluteDays * DAY_MS,
});

/** The part of a session the lifetimes read (express-session's, or a stored record's). */
interface SessionTimes {
  createdAt?: number;
  cookie: { expires?: Date | string | null };
}

/** When a session signed in at `createdAt` ends at the latest. */
const absoluteEnd = (createdAt: number, lifetimes: SessionLifetimes): number => createdAt + lifetimes.absoluteMs;

/** The session is past its absolute lifetime (a session without its sign-in time is not: see renewSessionDaily). */
export const pastAbsoluteEnd = (session: SessionTimes, lifetimes: SessionLifetimes, now = Date.now()): boolean =>
  session.createdAt !== undefined && now >= absoluteEnd(session.createdAt, lifetimes);

/** Where a renewal now would move the session's end: a full idle period on, but not past its absolute end. */
const renewedEnd = (createdAt: number, lifetimes: SessionLifetimes, now: number): number => Math.min(now + lifetimes.idleMs, absoluteEnd(createdAt, lifetimes));

/**
 * Whether a signed-in session is due for its daily renewal: renewing would move its end by more
 * than a day, on (it is in use) or in (SESSION_ABSOLUTE_DAYS was lowered below where it ends). A
 * renewed end may lie past the absolute end by the renewing request's duration (express-session
 * restarts the cookie's clock as the answer goes out); the absolute end itself is enforced on every
 * request (pastAbsoluteEnd).
 */
export function renewalDue(session: SessionTimes, lifetimes: SessionLifetimes, now = Date.now()): boolean {
  const expires = session.cookie.expires ? new Date(session.cookie.expires).getTime() : NaN;
  if (session.createdAt === undefined || Number.isNaN(expires)) return false;
  return Math.abs(renewedEnd(session.createdAt, lifetimes, now) - expires) > DAY_MS;
}

/**
 * Sessions last SESSION_MAX_AGE_DAYS after the last visit, but are renewed at most once a day:
 * touching Redis and re-sending the cookie on every request cost a round trip per request for
 * nothing. When a renewal would move the end by more than a day, the cookie's end moves and the
 * changed session is saved, so express-session writes it to Redis with a fresh TTL and sends the
 * new cookie. However often it is used, a session ends SESSION_ABSOLUTE_DAYS after its sign-in: a
 * renewal never moves its end past that, and a request that comes after it finds it ended (the
 * request goes on signed out). A session from before sessions carried their sign-in time gets it
 * on its first request (its absolute lifetime starts then).
 */
export function renewSessionDaily(lifetimes: SessionLifetimes) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const session = req.session;
    if (!session?.userId) return next();
    const now = Date.now();
    if (pastAbsoluteEnd(session, lifetimes, now)) return session.destroy((err) => next(err));
    if (session.createdAt === undefined) session.createdAt = now;
    if (renewalDue(session, lifetimes, now)) {
      session.cookie.expires = new Date(renewedEnd(session.createdAt, lifetimes, now));
      session.renewedAt = now;
    }
    next();
  };
}
