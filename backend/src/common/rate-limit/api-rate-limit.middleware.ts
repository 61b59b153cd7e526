import type { NextFunction, Request, Response } from 'express';
import { RateLimitsService } from './rate-limits.service';
import { showRateLimit } from './rate-limit-headers';
import { accountSubject, requestIpSubject } from './subjects';

/**
 * The general limit on every API request (mounted with the session middleware, on /api but for
 * /api/health, which load balancers and monitors must always get an answer from):
 * RATE_LIMIT_API_USER per account when signed in, RATE_LIMIT_API_ANON per client address otherwise.
 * Static assets and /uploads are not under /api, so never limited.
 */
export function apiRateLimit(limits: RateLimitsService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const userId = req.session?.userId;
    const counted = userId ? limits.consume('apiUser', accountSubject(userId)) : limits.consume('apiAnon', requestIpSubject(req));
    counted.then(
      (state) => {
        if (state) showRateLimit(res, state);
        next();
      },
      next,
    );
  };
}
