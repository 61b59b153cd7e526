import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimit } from '../../config/settings';

/** Where one subject stands against one limit after a request. */
export interface LimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
  /** This request went over the limit. */
  exceeded: boolean;
}

/**
 * One fixed-window limit counted in Redis, so every instance shares it. When Redis is away the
 * insurance limiter counts in this instance's memory: the limit keeps applying per instance and
 * no request fails or waits because of it. The library hands every Redis error to the insurance;
 * the shared client fails at once while disconnected and within REDIS_COMMAND_TIMEOUT_MS while
 * silent (then drops the connection, redis-stall.ts), so a Redis outage costs a request at most
 * one command timeout here.
 */
export class SharedLimiter {
  private readonly shared: RateLimiterRedis;

  constructor(
    redis: Redis,
    keyPrefix: string,
    private readonly limit: RateLimit,
  ) {
    const options = { keyPrefix, points: limit.max, duration: limit.windowSeconds };
    this.shared = new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
  }

  /** Counts `points` for `key`; the state says whether that went over the limit. */
  async consume(key: string, points = 1): Promise<LimitState> {
    try {
      return this.state(await this.shared.consume(key, points), false);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return this.state(outcome, true);
      throw outcome;
    }
  }

  /** Where `key` stands, without counting anything. */
  async peek(key: string): Promise<LimitState> {
    const res = await this.shared.get(key);
    return res ? this.state(res, false) : { limit: this.limit.max, remaining: this.limit.max, resetSeconds: this.limit.windowSeconds, exceeded: false };
  }

  /** Gives back points counted for work that turned out not to count (a successful login). */
  async refund(key: string, points = 1): Promise<void> {
    await this.shared.reward(key, points);
  }

  async reset(key: string): Promise<void> {
    await this.shared.delete(key);
  }

  private state(res: RateLimiterRes, exceeded: boolean): LimitState {
    return {
      limit: this.limit.max,
      remaining: Math.max(this.limit.max - res.consumedPoints, 0),
      resetSeconds: Math.max(Math.ceil(res.msBeforeNext / 1000), 0),
      exceeded,
    };
  }
}
