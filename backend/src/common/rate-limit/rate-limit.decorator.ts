import { UseGuards } from '@nestjs/common';
import { RATE_LIMIT_RULES, type RateLimitRule } from './rate-limit-rules';
import { RateLimitGuard } from './rate-limit.guard';

/** Each request to the route counts against a RATE_LIMIT_* limit; RateLimitGuard applies it. Stackable. */
export function RateLimit(bucket: RateLimitRule['bucket'], options: Omit<RateLimitRule, 'bucket'> = {}): MethodDecorator {
  return (target, key, descriptor) => {
    const rules = (Reflect.getMetadata(RATE_LIMIT_RULES, descriptor.value as object) as RateLimitRule[] | undefined) ?? [];
    Reflect.defineMetadata(RATE_LIMIT_RULES, [...rules, { bucket, ...options }], descriptor.value as object);
    // One guard reads every rule, so only the first @RateLimit of a route adds it.
    if (rules.length === 0) UseGuards(RateLimitGuard)(target, key, descriptor);
  };
}
