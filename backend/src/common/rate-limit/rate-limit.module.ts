import { Global, Module } from '@nestjs/common';
import { FilteredReads } from './filtered-reads';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitsService } from './rate-limits.service';

/** The anti-automation limits: the service for rules that live in services, the guard that @RateLimit routes carry, the filtered reads per viewer. */
@Global()
@Module({
  providers: [RateLimitsService, RateLimitGuard, FilteredReads],
  exports: [RateLimitsService, RateLimitGuard, FilteredReads],
})
export class RateLimitModule {}
