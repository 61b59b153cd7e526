import type { Request } from 'express';
import type { RateBucket } from '../../config/settings';

export interface RateLimitRule {
  bucket: RateBucket;
  /** Counts only the requests for which this holds (a feed request that searches). */
  when?: (req: Request) => boolean;
  /**
   * Per client address even when signed in, or one count for every caller together (a budget that
   * guards a third party's quota). Default: per account when signed in, else per address.
   */
  per?: 'address' | 'everyone';
}

/** The metadata key under which a route handler lists its rules. */
export const RATE_LIMIT_RULES = 'c9:rate-limits';
