import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_JOB, ADMIN_QUEUE, type AdminJobName } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { JobHandler } from '../../jobs/job-handler.decorator';
import type { JobData, JobResult, QueueJob } from '../../jobs/job-map';
import { JobsService, type JobRun } from '../../jobs/jobs.service';
import { OrphansService } from './orphans.service';

type AdminQueue = typeof ADMIN_QUEUE;

/**
 * The 'admin' queue: `run` enqueues one maintenance job and waits ADMIN_JOB_WAIT_MS for it; its
 * worker (unless ROLE=api) runs one at a time, each by the @JobHandler of the service that owns it.
 * Every job is safe to retry: backups write a new file, a restore remembers its backup file for its
 * retries and changes the live tables only in its final one-transaction swap, the sync recomputes, and the orphan delete judges again what
 * it deletes.
 */
@Injectable()
export class AdminJobs {
  constructor(
    private readonly jobs: JobsService,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly orphans: OrphansService,
  ) {}

  /** Enqueues `name` and waits for it: its result, or null (with the job id) when it takes longer. */
  run<N extends AdminJobName>(name: N, data: JobData<AdminQueue, N>): Promise<JobRun<JobResult<AdminQueue, N>>> {
    return this.jobs.runAndWait(ADMIN_QUEUE, name, data, this.settings.adminJobWaitMs);
  }

  /** The orphan delete takes its list of names from the job's data. */
  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.orphanDelete)
  deleteOrphans(job: QueueJob<AdminQueue, typeof ADMIN_JOB.orphanDelete>): Promise<JobResult<AdminQueue, typeof ADMIN_JOB.orphanDelete>> {
    return this.orphans.delete(job, job.data.names);
  }
}
