import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { BOOST_QUEUE, BOOST_ROTATE_JOB, type BoostRotation } from '@cloud9/contracts';
import { JobsService, type JobRun } from '../../jobs/jobs.module';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { BoostsService } from './boosts.service';

/** The id of the repeating rotation: upsertJobScheduler keeps one per queue however many instances start. */
export const BOOST_ROTATE_SCHEDULER = 'boosts-rotate-every-minute';
export const BOOST_ROTATE_EVERY_MS = 60_000;

/** The 'boosts' queue: its worker (unless ROLE=api), the repeating rotation and on-demand runs. */
@Injectable()
export class BoostJobs implements OnModuleInit, OnApplicationBootstrap {
  readonly queue: Queue;

  constructor(
    private readonly jobs: JobsService,
    private readonly boosts: BoostsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.queue = jobs.queue(BOOST_QUEUE);
  }

  onModuleInit(): void {
    this.jobs.startWorker<unknown, BoostRotation>(BOOST_QUEUE, async (job: Job) => {
      if (job.name !== BOOST_ROTATE_JOB) throw new Error(`unknown job ${job.name}`);
      return this.boosts.rotate();
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.jobs.repeatEvery(BOOST_QUEUE, BOOST_ROTATE_SCHEDULER, BOOST_ROTATE_EVERY_MS, BOOST_ROTATE_JOB);
  }

  /** Enqueues a rotation and waits for it (ADMIN_JOB_WAIT_MS): the result, or null with the job id when it takes longer. */
  async rotateNow(): Promise<JobRun<BoostRotation>> {
    return this.jobs.runAndWait<BoostRotation>(BOOST_QUEUE, BOOST_ROTATE_JOB, {}, this.settings.adminJobWaitMs);
  }
}
