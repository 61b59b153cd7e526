import type { NextFunction, Request, Response } from 'express';
import { RateLimitsService } from './rate-limits.service';
import { subjectOf } from './subjects';

/**
 * Counts one API request against the general limit: RATE_LIMIT_API_USER for the signed-in account
 * `userId`, RATE_LIMIT_API_ANON per client address otherwise; its headers go on the answer, and
 * it rejects with the 429 once the limit is spent.
 */
export async function countApiRequest(limits: RateLimitsService, req: Request, res: Response, userId: number | null | undefined): Promise<void> {
  await limits.consumeFor(res, userId ? 'apiUser' : 'apiAnon', subjectOf(req, userId));
}

/**
 * The general limit on every API request (mounted with the session middleware, on /api but for
 * /api/health, which load balancers and monitors must always get an answer from). Static assets
 * and /uploads are not under /api, so never limited.
 */
export function apiRateLimit(limits: RateLimitsService) {
  return (req: Request, res: Response, next: NextFunction) => {
    countApiRequest(limits, req, res, req.session?.userId).then(() => next(), next);
  };
}
