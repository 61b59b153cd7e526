import { Global, Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
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

/** The app's metrics (AppMetrics, for every owner to count in) and the METRICS_PORT server. */
@Global()
@Module({ providers: [AppMetrics, MetricsServer, SharedRedisErrors], exports: [AppMetrics] })
export class MetricsModule {}
