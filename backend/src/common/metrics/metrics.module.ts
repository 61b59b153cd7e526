import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '../redis.module';
import { AppMetrics } from './app-metrics';
import { MetricsServer } from './metrics-server';

/** Counts the errors of the app's shared Redis connection (sessions, limits, caches). */
@Injectable()
class SharedRedisErrors implements OnModuleInit {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly metrics: AppMetrics,
  ) {}

  onModuleInit(): void {
    this.redis.on('error', () => this.metrics.redisErrors.inc({ client: 'shared' }));
  }
}

/**
 * The app's metrics (AppMetrics) and the METRICS_PORT server. Not global: the owners that count
 * (the database, rate limits, jobs, realtime) import it; no domain module does.
 */
@Module({ providers: [AppMetrics, MetricsServer, SharedRedisErrors], exports: [AppMetrics] })
export class MetricsModule {}
