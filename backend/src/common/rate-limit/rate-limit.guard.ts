import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { RATE_LIMIT_RULES, type RateLimitRule } from './rate-limit-rules';
import { RateLimitsService } from './rate-limits.service';
import { actorSubject, EVERYONE, requestIpSubject } from './subjects';

/**
 * Applies the @RateLimit rules of a route. A route guard runs after the global session guard (an
 * anonymous call to a signed-in route is a 401 and counts nothing) and before the route's
 * interceptors and pipes, so an invalid request counts too and nothing of a refused one is read or
 * written. Only @RateLimit routes carry it: a guard, not a global interceptor, keeps every other
 * route free of the interceptor chain's per-request cost.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.get<RateLimitRule[] | undefined>(RATE_LIMIT_RULES, context.getHandler()) ?? [];
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    for (const rule of rules) {
      if (rule.when && !rule.when(req)) continue;
      const subject = rule.per === 'everyone' ? EVERYONE : rule.per === 'address' ? requestIpSubject(req) : actorSubject(req);
      await this.limits.consumeFor(res, rule.bucket, subject);
    }
    return true;
  }
}
