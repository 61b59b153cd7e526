import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimit } from '../config/settings';
import { REDIS, RedisKeys } from './redis.module';

/** Fixed-window counters in Redis, shared by every instance. */
@Injectable()
export class RateLimiterService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  /** Throws 429 with `message` when `bucket/subject` already used up its window. */
  async assertUnder(bucket: string, subject: string, limit: RateLimit, message: string): Promise<void> {
    const used = Number(await this.redis.get(this.keys.rateLimit(bucket, subject))) || 0;
    if (used >= limit.max) throw new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
  }

  /** Counts one hit; the window starts with the first hit. */
  async hit(bucket: string, subject: string, limit: RateLimit): Promise<void> {
    const key = this.keys.rateLimit(bucket, subject);
    await this.redis.multi().incr(key).expire(key, limit.windowSeconds, 'NX').exec();
  }

  async reset(bucket: string, subject: string): Promise<void> {
    await this.redis.del(this.keys.rateLimit(bucket, subject));
  }
}
