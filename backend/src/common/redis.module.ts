import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { SETTINGS } from '../config/settings.module';
import { Settings } from '../config/settings';

export const REDIS = Symbol('REDIS');

export function createRedis(url: string): Redis {
  // Fail fast instead of queueing commands forever while Redis is away.
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 5000 });
}

/** Every Redis key the app writes, under REDIS_PREFIX, in one place. */
@Injectable()
export class RedisKeys {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}
  get sessionPrefix() {
    return `${this.settings.redisPrefix}sess:`;
  }
  session(sessionId: string) {
    return `${this.sessionPrefix}${sessionId}`;
  }
  userSessions(userId: number) {
    return `${this.settings.redisPrefix}user-sessions:${userId}`;
  }
  rateLimit(bucket: string, subject: string) {
    return `${this.settings.redisPrefix}rl:${bucket}:${subject}`;
  }
  /** A cached GIF provider answer for one normalised request (see GifsService). */
  gifCache(request: string) {
    return `${this.settings.redisPrefix}gif:${request}`;
  }
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(redis: Redis) {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useValue: redis }, RedisKeys, RedisShutdown],
      exports: [REDIS, RedisKeys],
    };
  }
}
