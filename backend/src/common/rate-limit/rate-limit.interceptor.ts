import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { RATE_LIMIT_RULES, RateLimitRule } from './rate-limit.decorator';
import { showRateLimit } from './rate-limit-headers';
import { RateLimitsService } from './rate-limits.service';
import { actorSubject, requestIpSubject } from './subjects';

/**
 * Applies the @RateLimit rules of a route. Runs after the guards (an anonymous call to a signed-in
 * route is a 401 and counts nothing) and before the route's own interceptors and pipes, so an
 * invalid request counts too and nothing of a refused one is read or written.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimitsService,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const rules = this.reflector.get<RateLimitRule[] | undefined>(RATE_LIMIT_RULES, context.getHandler());
    if (!rules || context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    for (const rule of rules) {
      if (rule.when && !rule.when(req)) continue;
      const subject = rule.per === 'address' ? requestIpSubject(req) : actorSubject(req);
      const state = await this.limits.consume(rule.bucket, subject);
      if (state) showRateLimit(res, state);
    }
    return next.handle();
  }
}
