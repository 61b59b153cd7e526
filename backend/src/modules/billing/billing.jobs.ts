import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { BILLING_QUEUE } from '@cloud9/contracts';
import { JobsService } from '../../jobs/jobs.module';
import { BillingService } from './billing.service';

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
      return { downgraded: await this.billing.sweepExpired() };
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.jobs.repeatEvery(BILLING_QUEUE, DOWNGRADE_SCHEDULER, DOWNGRADE_EVERY_MS, DOWNGRADE_EXPIRED_JOB);
  }
}
