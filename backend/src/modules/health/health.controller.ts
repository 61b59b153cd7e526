import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import Redis from 'ioredis';
import type { HealthReport } from '@cloud9/contracts';
import { PublicAnswer } from '../../common/cache-control';
import { Database } from '../../common/db/database';
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

@Controller('health')
export class HealthController {
  constructor(
    private readonly database: Database,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** 200 when PostgreSQL and Redis both answer, 503 otherwise. */
  @Get()
  @PublicAnswer()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const [database, redis] = await Promise.all([up(() => this.database.ping()), up(() => this.redis.ping())]);
    const healthy = database === 'up' && redis === 'up';
    res.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'degraded', database, redis };
  }
}
