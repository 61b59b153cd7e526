import type { Request } from 'express';
import type { RateBucket } from '../../config/settings';

export interface RateLimitRule {
  bucket: RateBucket;
  /** Counts only the requests for which this holds (a feed request that searches). */
  when?: (req: Request) => boolean;
  /** Per client address even when signed in (default: per account when signed in, else per address). */
  per?: 'address';
}

export const RATE_LIMIT_RULES = 'c9:rate-limits';

/** Each request to the route counts against a RATE_LIMIT_* limit; RateLimitInterceptor applies it. Stackable. */
export function RateLimit(bucket: RateBucket, options: Omit<RateLimitRule, 'bucket'> = {}): MethodDecorator {
  return (_target, _key, descriptor) => {
    const rules = (Reflect.getMetadata(RATE_LIMIT_RULES, descriptor.value as object) as RateLimitRule[] | undefined) ?? [];
    Reflect.defineMetadata(RATE_LIMIT_RULES, [...rules, { bucket, ...options }], descriptor.value as object);
  };
}
