import type { RequestHandler } from 'express';

/** The session middleware for requests that only read (GET, HEAD) and for those that may write. */
export interface SessionMiddlewares {
  reads: RequestHandler;
  writes: RequestHandler;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Runs the session middleware only where a session can matter. A GET or HEAD without the session
 * cookie has no session to read and never starts one (only sign-in, a POST, does), yet
 * express-session would still make, sign and hash a fresh session for it and throw it away: about
 * a quarter of an anonymous feed request's CPU. Such requests go on with no `req.session`, which
 * every reader treats as signed out. Reads with the cookie take `reads` (sessions kept in memory),
 * everything else `writes` (sessions read from Redis).
 */
export function sessionWhenSent(sessions: SessionMiddlewares, cookieName: string): RequestHandler {
  const marker = `${cookieName}=`;
  return (req, res, next) => {
    if (!isRead(req.method)) return sessions.writes(req, res, next);
    if (!req.headers.cookie?.includes(marker)) return next();
    return sessions.reads(req, res, next);
  };
}
