import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimitInterceptor } from './rate-limit.interceptor';
import { RateLimitsService } from './rate-limits.service';

/** The anti-automation limits: the service for rules that live in services, the interceptor for @RateLimit routes. */
@Global()
@Module({
  providers: [RateLimitsService, { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor }],
  exports: [RateLimitsService],
})
export class RateLimitModule {}
