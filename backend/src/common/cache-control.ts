import { Header } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';

/** An answer that depends on who asks: no cache keeps it, neither a shared one nor the browser's. */
const PRIVATE_ANSWER = 'private, no-store';

/**
 * An answer that is the same for everyone: any cache may keep it but must revalidate it on every use
 * (its ETag gives a 304 without a body when nothing changed), so a deploy or a change is seen at once.
 */
const PUBLIC_ANSWER = 'public, no-cache';

/** An answer no cache may keep (what privateByDefault gives every /api answer first). */
export const markPrivate = (res: Response): void => {
  res.setHeader('Cache-Control', PRIVATE_ANSWER);
};

/**
 * Every /api answer is private unless its route says otherwise with `@PublicAnswer()`. And whatever the
 * route says, an answer that sets a cookie (a session renewed on a public GET) is made private before
 * it leaves: a shared cache must never hand one visitor's cookie to another.
 * Mounted before the session middleware, so its header hook runs after express-session's (hooks run in
 * the reverse order they were added) and sees the cookie.
 */
export function privateByDefault(_req: Request, res: Response, next: NextFunction): void {
  markPrivate(res);
  onHeaders(res, () => {
    if (res.getHeader('Set-Cookie') !== undefined) res.setHeader('Cache-Control', PRIVATE_ANSWER);
  });
  next();
}

/**
 * Marks a GET whose answer does not depend on the viewer (no session read, nothing per user) as
 * cacheable by shared caches, revalidated on every use.
 */
export const PublicAnswer = (): MethodDecorator => Header('Cache-Control', PUBLIC_ANSWER);
