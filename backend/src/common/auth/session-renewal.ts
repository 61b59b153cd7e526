import type { NextFunction, Request, Response } from 'express';

const DAY_MS = 24 * 3600 * 1000;

/** Whether a signed-in session ending at `expires` is due for its daily renewal. */
export const renewalDue = (expires: Date, maxAgeMs: number, now = Date.now()): boolean => expires.getTime() - now < maxAgeMs - DAY_MS;

/**
 * Sessions last SESSION_MAX_AGE_DAYS after the last visit, but are renewed at most once a day:
 * touching Redis and re-sending the cookie on every request cost a round trip per request for
 * nothing. When less than (max age − 1 day) is left, the cookie's clock restarts and the changed
 * session is saved, so express-session writes it to Redis with a fresh TTL and sends the new cookie.
 */
export function renewSessionDaily(maxAgeMs: number) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const session = req.session;
    const expires = session?.userId ? session.cookie.expires : undefined;
    if (expires && renewalDue(expires, maxAgeMs)) {
      session.touch();
      session.renewedAt = Date.now();
    }
    next();
  };
}
