import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ADMIN_JOB, ADMIN_QUEUE, type AdminJobName } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { JobsService, type JobRun } from '../../jobs/jobs.module';
import { FollowsService } from '../follows/follows.service';
import { BackupService, type AppBackupOutcome, type BackupOutcome, type RestoreJobData, type RestoreOutcome } from './backup.service';
import { OrphansService, type OrphanScan } from './orphans.service';

/** Who asked (shown in Bull Board); never a secret. */
export interface AdminJobData {
  requestedBy?: string;
}

export interface OrphanDeleteData extends AdminJobData {
  names?: string[];
}

/** What each admin job returns (the job's result in Redis, and what its endpoint turns into the answer). */
export interface AdminJobResults {
  [ADMIN_JOB.backup]: BackupOutcome;
  [ADMIN_JOB.restore]: RestoreOutcome;
  [ADMIN_JOB.appBackup]: AppBackupOutcome;
  [ADMIN_JOB.syncFollowTables]: { followersAdded: number; followingsAdded: number };
  [ADMIN_JOB.orphanScan]: OrphanScan;
  [ADMIN_JOB.orphanDelete]: { deleted: number; deletedNames: string[] };
}

/**
 * The 'admin' queue: its worker (unless ROLE=api) runs one maintenance job at a time, and `run`
 * enqueues one and waits ADMIN_JOB_WAIT_MS for it. Every job is safe to retry: backups write a new
 * file, a restore remembers its backup file for its retries and runs in one transaction, the sync
 * recomputes, and the orphan delete judges again what it deletes.
 */
@Injectable()
export class AdminJobs implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly backups: BackupService,
    private readonly orphans: OrphansService,
    private readonly follows: FollowsService,
  ) {}

  onModuleInit(): void {
    this.jobs.startWorker<AdminJobData, unknown>(ADMIN_QUEUE, (job) => this.process(job));
  }

  private process(job: Job<AdminJobData>): Promise<unknown> {
    switch (job.name as AdminJobName) {
      case ADMIN_JOB.backup:
        return this.backups.backup(job);
      case ADMIN_JOB.restore:
        return this.backups.restore(job as Job<RestoreJobData>);
      case ADMIN_JOB.appBackup:
        return this.backups.appBackup(job);
      case ADMIN_JOB.syncFollowTables:
        return this.follows.syncCounts();
      case ADMIN_JOB.orphanScan:
        return this.orphans.scan(job);
      case ADMIN_JOB.orphanDelete:
        return this.orphans.delete(job, (job.data as OrphanDeleteData).names);
      default:
        throw new Error(`unknown admin job ${job.name}`);
    }
  }

  /** Enqueues `name` and waits for it: its result, or null (with the job id) when it takes longer. */
  run<N extends AdminJobName>(name: N, data: AdminJobData & Record<string, unknown>): Promise<JobRun<AdminJobResults[N]>> {
    return this.jobs.runAndWait<AdminJobResults[N]>(ADMIN_QUEUE, name, data, this.settings.adminJobWaitMs);
  }
}
