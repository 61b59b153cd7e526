import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { BILLING_QUEUE } from '@cloud9/contracts';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { DOWNGRADE_EXPIRED_JOB, type JobResult } from '../../jobs/job-map';
import { JobsService } from '../../jobs/jobs.service';
import { BillingService } from './billing.service';

/** One scheduler per queue however many instances start (as the boost rotation). */
export const DOWNGRADE_SCHEDULER = 'billing-downgrade-expired-every-15-minutes';
const DOWNGRADE_EVERY_MS = 15 * 60_000;

/**
 * Members whose paid period has ended fall back to Basic even if they never come back to look:
 * a repeating job sweeps them (reading a subscription also downgrades that one account at once).
 * It first asks PayPal again about subscriptions past their period or pending for over an hour, so
 * a webhook that never came neither keeps a lapsed plan nor holds back a paid one.
 */
@Injectable()
export class BillingJobs implements OnApplicationBootstrap {
  readonly queue: Queue;

  constructor(
    private readonly jobs: JobsService,
    private readonly billing: BillingService,
  ) {
    this.queue = jobs.queue(BILLING_QUEUE);
  }

  onApplicationBootstrap(): Promise<void> {
    return this.jobs.repeatEvery(BILLING_QUEUE, DOWNGRADE_SCHEDULER, DOWNGRADE_EVERY_MS, DOWNGRADE_EXPIRED_JOB);
  }

  @JobHandler(BILLING_QUEUE, DOWNGRADE_EXPIRED_JOB)
  async downgradeExpired(): Promise<JobResult<typeof BILLING_QUEUE, typeof DOWNGRADE_EXPIRED_JOB>> {
    return this.billing.sweep();
  }
}
