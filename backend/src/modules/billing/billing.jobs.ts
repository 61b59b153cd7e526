import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS, JobsService } from '../../jobs/jobs.module';
import { BillingService } from './billing.service';

export const BILLING_QUEUE = 'billing';
export const DOWNGRADE_EXPIRED_JOB = 'downgrade-expired';
/** One scheduler per queue however many instances start (as the boost rotation). */
export const DOWNGRADE_SCHEDULER = 'billing-downgrade-expired-every-15-minutes';
export const DOWNGRADE_EVERY_MS = 15 * 60_000;

/**
 * Members whose paid period has ended fall back to Basic even if they never come back to look:
 * a repeating job sweeps them (reading a subscription also downgrades that one account at once).
 */
@Injectable()
export class BillingJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('BillingJobs');
  readonly queue: Queue;

  constructor(
    private readonly jobs: JobsService,
    private readonly billing: BillingService,
  ) {
    this.queue = jobs.queue(BILLING_QUEUE);
  }

  onModuleInit(): void {
    this.jobs.startWorker<unknown, { downgraded: number[] }>(BILLING_QUEUE, async (job: Job) => {
      if (job.name !== DOWNGRADE_EXPIRED_JOB) throw new Error(`unknown job ${job.name}`);
      return { downgraded: await this.billing.downgradeExpired() };
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.jobs.produce(() =>
        this.queue.upsertJobScheduler(DOWNGRADE_SCHEDULER, { every: DOWNGRADE_EVERY_MS }, { name: DOWNGRADE_EXPIRED_JOB, data: {}, opts: DEFAULT_JOB_OPTIONS }),
      );
    } catch (error) {
      this.logger.warn(`downgrade scheduler not registered: ${(error as Error).message}`);
    }
  }
}
