import { Global, Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { FilteredReads } from './filtered-reads';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitsService } from './rate-limits.service';

/** The anti-automation limits: the service for rules that live in services, the guard that @RateLimit routes carry, the filtered reads per viewer. */
// Global: most modules' controllers carry @RateLimit, whose guard is resolved in each controller's module.
@Global()
@Module({
  imports: [MetricsModule],
  providers: [RateLimitsService, RateLimitGuard, FilteredReads],
  exports: [RateLimitsService, RateLimitGuard, FilteredReads],
})
export class RateLimitModule {}
