import { BadRequestException, Controller, NotFoundException, Res } from '@nestjs/common';
import { Endpoint, Params, BodyOf } from '../../common/endpoint';
import type { Request, Response } from 'express';
import { ADMIN_JOB, ADMIN_QUEUE, ADMIN_VISIBLE_QUEUES, GroupId, MESSAGES, ROUTES, type AdminAppBackupResult, type AdminBackupResult, type AdminJobCounts, type AdminJobName, type AdminJobPending, type AdminJobStatus, type AdminOrphansDeleteResult, type AdminOrphansResult, type AdminResetPasswordResult, type AdminSyncResult, type AdminUserLookup, type OrphanDeleteBody, type ResetPasswordBody } from '@cloud9/contracts';
import { AppClientOnly } from '../../common/app-client.guard';
import { asJobFailure, pendingAnswer } from '../../jobs/job-answers';
import type { JobData, JobResult } from '../../jobs/job-map';
import { JobsService } from '../../jobs/jobs.service';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/session-user';
import { AdminJobs } from './admin-jobs';
import { AdminToolsService } from './admin-tools.service';
import { Audited } from '../audit/audit.interceptor';

const userTarget = (req: Request) => (typeof req.body?.username === 'string' ? `user:${req.body.username.trim()}` : null);
const JOB_ID = /^[\w:.-]{1,100}$/;

/**
 * Admin tools (group 1 only, every call audited). The maintenance tools run as
 * jobs on the 'admin' queue: each waits ADMIN_JOB_WAIT_MS for its job and answers its usual shape plus
 * the job id, or 202 with the job id to poll at GET /api/admin/jobs/:queue/:jobId.
 */
@Controller()
@Auth({ groups: [GroupId.Admin] })
export class AdminToolsController {
  constructor(
    private readonly tools: AdminToolsService,
    private readonly adminJobs: AdminJobs,
    private readonly jobs: JobsService,
  ) {}

  /** Runs an admin job and turns its result into the endpoint's answer (202 while it still runs). */
  private async job<N extends AdminJobName, A>(
    res: Response,
    actor: SessionUser,
    name: N,
    what: string,
    answer: (result: JobResult<typeof ADMIN_QUEUE, N>, jobId: string) => A,
    data?: JobData<typeof ADMIN_QUEUE, N>,
  ): Promise<A | AdminJobPending> {
    try {
      const run = await this.adminJobs.run(name, { ...data, requestedBy: actor.username });
      if (run.result === null) {
        res.status(202);
        return pendingAnswer(run);
      }
      return answer(run.result, run.jobId);
    } catch (error) {
      throw asJobFailure(what, error);
    }
  }

  @Endpoint(ROUTES.admin.resetPassword)
  @Audited({ action: 'admin.reset_password', target: userTarget })
  resetPassword(@AuthUser() actor: SessionUser, @BodyOf() dto: ResetPasswordBody): Promise<AdminResetPasswordResult> {
    return this.tools.resetPassword(actor, dto);
  }

  @Endpoint(ROUTES.admin.backup)
  @AppClientOnly()
  @Audited({ action: 'admin.backup', details: (b: AdminBackupResult) => ({ file: b.file, bytes: b.bytes, removed: b.removed, output: b.output }) })
  backup(@AuthUser() actor: SessionUser, @Res({ passthrough: true }) res: Response): Promise<AdminBackupResult | AdminJobPending> {
    return this.job(res, actor, ADMIN_JOB.backup, 'Backup', (r, jobId) => ({
      success: true as const,
      message: MESSAGES.admin.backupWritten(r.file),
      file: r.file,
      bytes: r.bytes,
      removed: r.removed,
      output: r.output,
      jobId,
    }));
  }

  @Endpoint(ROUTES.admin.restore)
  @AppClientOnly()
  @Audited({ action: 'admin.restore', details: (b: AdminBackupResult) => ({ file: b.file, migrations: b.migrations, output: b.output }) })
  restore(@AuthUser() actor: SessionUser, @Res({ passthrough: true }) res: Response): Promise<AdminBackupResult | AdminJobPending> {
    return this.job(res, actor, ADMIN_JOB.restore, 'Restore', (r, jobId) => ({
      success: true as const,
      message: MESSAGES.admin.restored(r.file),
      file: r.file,
      migrations: r.migrations,
      output: r.output,
      jobId,
    }));
  }

  @Endpoint(ROUTES.admin.appBackup)
  @AppClientOnly()
  @Audited({ action: 'admin.app_backup', details: (b: AdminAppBackupResult) => ({ file: b.file, bytes: b.bytes, files: b.files }) })
  appBackup(@AuthUser() actor: SessionUser, @Res({ passthrough: true }) res: Response): Promise<AdminAppBackupResult | AdminJobPending> {
    return this.job(res, actor, ADMIN_JOB.appBackup, 'App backup', (r, jobId) => ({
      success: true as const,
      message: MESSAGES.admin.appBackupWritten(r.file),
      file: r.file,
      bytes: r.bytes,
      files: r.files,
      jobId,
    }));
  }

  @Endpoint(ROUTES.admin.syncFollowTables)
  @Audited({ action: 'admin.sync_follow_tables', details: (b: AdminSyncResult) => ({ followersAdded: b.followersAdded, followingsAdded: b.followingsAdded }) })
  syncFollowTables(@AuthUser() actor: SessionUser, @Res({ passthrough: true }) res: Response): Promise<AdminSyncResult | AdminJobPending> {
    return this.job(res, actor, ADMIN_JOB.syncFollowTables, 'Sync', (r, jobId) => ({
      success: true as const,
      followersAdded: r.followersAdded,
      followingsAdded: r.followingsAdded,
      jobId,
    }));
  }

  @Endpoint(ROUTES.admin.orphans)
  @AppClientOnly()
  @Audited({ action: 'admin.orphans.scan', details: (b: AdminOrphansResult) => ({ total: b.total }) })
  orphans(@AuthUser() actor: SessionUser, @Res({ passthrough: true }) res: Response): Promise<AdminOrphansResult | AdminJobPending> {
    return this.job(res, actor, ADMIN_JOB.orphanScan, 'Orphan scan', (r, jobId) => ({ total: r.total, orphaned: r.orphaned, jobId }));
  }

  @Endpoint(ROUTES.admin.deleteOrphans)
  @Audited({ action: 'admin.orphans.delete', details: (b: AdminOrphansDeleteResult) => ({ deleted: b.deleted }) })
  deleteOrphans(
    @AuthUser() actor: SessionUser,
    @BodyOf() dto: OrphanDeleteBody,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminOrphansDeleteResult | AdminJobPending> {
    return this.job(res, actor, ADMIN_JOB.orphanDelete, 'Orphan delete', (r, jobId) => ({ success: true as const, deleted: r.deleted, jobId }), dto.names ? { names: dto.names } : {});
  }

  @Endpoint(ROUTES.admin.userLookup)
  @AppClientOnly()
  @Audited({ action: 'admin.user_lookup', target: (req) => `user:${req.params.username}` })
  lookup(@Params('username') username: string): Promise<AdminUserLookup> {
    return this.tools.lookup(username);
  }

  @Endpoint(ROUTES.admin.jobCounts)
  @AppClientOnly()
  @Audited({ action: 'admin.jobs.counts' })
  async jobCounts(): Promise<AdminJobCounts> {
    return { queues: await Promise.all(ADMIN_VISIBLE_QUEUES.map((queue) => this.jobs.counts(queue))) };
  }

  @Endpoint(ROUTES.admin.jobStatus)
  @AppClientOnly()
  @Audited({ action: 'admin.jobs.status', target: (req) => `job:${req.params.queue}/${req.params.jobId}` })
  async jobStatus(@Params('queue') queue: string, @Params('jobId') jobId: string): Promise<AdminJobStatus> {
    if (!(ADMIN_VISIBLE_QUEUES as readonly string[]).includes(queue)) throw new NotFoundException(MESSAGES.admin.unknownQueue);
    if (!JOB_ID.test(jobId)) throw new BadRequestException(MESSAGES.admin.jobNotFound);
    const status = await this.jobs.status(queue, jobId);
    if (!status) throw new NotFoundException(MESSAGES.admin.jobNotFound);
    return status;
  }
}
