import { Global, Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitsService } from './rate-limits.service';

/** The anti-automation limits: the service for rules that live in services, the guard that @RateLimit routes carry. */
@Global()
@Module({
  providers: [RateLimitsService, RateLimitGuard],
  exports: [RateLimitsService, RateLimitGuard],
})
export class RateLimitModule {}
