import type { RequestHandler } from 'express';

/**
 * Runs the session middleware only where a session can matter. A GET or HEAD without the session
 * cookie has no session to read and never starts one (only sign-in, a POST, does), yet
 * express-session would still make, sign and hash a fresh session for it and throw it away: about
 * a quarter of an anonymous feed request's CPU. Such requests go on with no `req.session`, which
 * every reader treats as signed out.
 */
export function sessionWhenSent(sessionMiddleware: RequestHandler, cookieName: string): RequestHandler {
  const marker = `${cookieName}=`;
  return (req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !req.headers.cookie?.includes(marker)) return next();
    return sessionMiddleware(req, res, next);
  };
}
