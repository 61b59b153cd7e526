import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { BOOST_QUEUE, BOOST_ROTATE_JOB, type BoostRotation } from '@cloud9/contracts';
import { JobsService, type JobRun } from '../../jobs/jobs.service';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';

/** The id of the repeating rotation: upsertJobScheduler keeps one per queue however many instances start. */
export const BOOST_ROTATE_SCHEDULER = 'boosts-rotate-every-minute';

/** The 'boosts' queue: the repeating rotation (every BOOST_ROTATE_SECONDS) and on-demand runs (BoostsService.rotate handles them). */
@Injectable()
export class BoostJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.jobs.repeatEvery(BOOST_QUEUE, BOOST_ROTATE_SCHEDULER, this.settings.boostRotateSeconds * 1000, BOOST_ROTATE_JOB);
  }

  /** Enqueues a rotation and waits for it (ADMIN_JOB_WAIT_MS): the result, or null with the job id when it takes longer. */
  async rotateNow(): Promise<JobRun<BoostRotation>> {
    return this.jobs.runAndWait(BOOST_QUEUE, BOOST_ROTATE_JOB, {}, this.settings.adminJobWaitMs);
  }
}
