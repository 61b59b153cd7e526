import { UseGuards } from '@nestjs/common';
import { RATE_LIMIT_RULES, type RateLimitRule } from './rate-limit-rules';
import { RateLimitGuard } from './rate-limit.guard';

/**
 * Each request to the route counts against a RATE_LIMIT_* limit; RateLimitGuard applies it. Stackable:
 * the limits count in the order written, and a refusal stops the count there (a caller's own limit
 * before a budget shared by everyone, so one refused caller cannot spend the shared one).
 */
export function RateLimit(bucket: RateLimitRule['bucket'], options: Omit<RateLimitRule, 'bucket'> = {}): MethodDecorator {
  return (target, key, descriptor) => {
    const rules = (Reflect.getMetadata(RATE_LIMIT_RULES, descriptor.value as object) as RateLimitRule[] | undefined) ?? [];
    // Decorators apply bottom-up: putting each in front keeps the written order.
    Reflect.defineMetadata(RATE_LIMIT_RULES, [{ bucket, ...options }, ...rules], descriptor.value as object);
    // One guard reads every rule, so only the first @RateLimit applied (the lowest) adds it.
    if (rules.length === 0) UseGuards(RateLimitGuard)(target, key, descriptor);
  };
}
