import { Controller, Inject, Res } from '@nestjs/common';
import { Endpoint } from '../../common/endpoint';
import type { Response } from 'express';
import Redis from 'ioredis';
import { MESSAGES, ROUTES, type ApiError, type HealthReport, type LivenessReport, type ReadinessReport } from '@cloud9/contracts';
import { PublicAnswer } from '../../common/cache-control';
import { Database } from '../../common/db/database';
import { Readiness } from '../../common/readiness';
import { REDIS } from '../../common/redis.module';
import { withTimeout } from '../../common/with-timeout';

/** Each probe's deadline: health answers within 1 s even when a dependency is silent. */
const PROBE_TIMEOUT_MS = 750;

const up = async (probe: () => Promise<unknown>): Promise<'up' | 'down'> => {
  try {
    await withTimeout(probe(), PROBE_TIMEOUT_MS);
    return 'up';
  } catch {
    return 'down';
  }
};

/**
 * Health for monitors (/api/health), and the two probes of an orchestrator: live (the process
 * answers; never asks a dependency, so a database outage restarts nothing) and ready (this instance
 * should get traffic: PostgreSQL and Redis answer and it is not shutting down).
 */
@Controller()
export class HealthController {
  constructor(
    private readonly database: Database,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly readiness: Readiness,
  ) {}

  /** 200 when PostgreSQL and Redis both answer, 503 otherwise. */
  @Endpoint(ROUTES.health.check)
  @PublicAnswer()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const { database, redis } = await this.dependencies();
    const healthy = database === 'up' && redis === 'up';
    res.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'degraded', database, redis };
  }

  @Endpoint(ROUTES.health.live)
  live(): LivenessReport {
    return { status: 'live' };
  }

  /** 503 with a catalogue message at once while draining; else after both probes (within PROBE_TIMEOUT_MS). */
  @Endpoint(ROUTES.health.ready)
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport | (ApiError & ReadinessReport)> {
    if (this.readiness.draining) return this.notReady(res, MESSAGES.health.draining, { status: 'not-ready', database: 'unknown', redis: 'unknown', draining: true });
    const { database, redis } = await this.dependencies();
    // A shutdown may have begun while the probes ran.
    const draining = this.readiness.draining;
    if (database === 'up' && redis === 'up' && !draining) return { status: 'ready', database, redis, draining };
    return this.notReady(res, draining ? MESSAGES.health.draining : MESSAGES.health.dependencyDown, { status: 'not-ready', database, redis, draining });
  }

  private async dependencies(): Promise<Pick<HealthReport, 'database' | 'redis'>> {
    const [database, redis] = await Promise.all([up(() => this.database.ping()), up(() => this.redis.ping())]);
    return { database, redis };
  }

  private notReady(res: Response, error: string, report: ReadinessReport): ApiError & ReadinessReport {
    res.status(503);
    return { success: false, error, statusCode: 503, ...report };
  }
}
