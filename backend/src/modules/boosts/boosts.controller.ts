import { Controller, Res } from '@nestjs/common';
import { Endpoint, Params, BodyOf } from '../../common/endpoint';
import type { Response } from 'express';
import { BOOST_TEXT, GroupId, ROUTES, type AdminJobPending, type BoostQuota, type BoostRequestBody, type BoostRotateResult } from '@cloud9/contracts';
import { asJobFailure, pendingAnswer } from '../../jobs/job-answers';
import { AuditService } from '../audit/audit.service';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/session-user';
import { BoostJobs } from './boosts.jobs';
import { BoostsService } from './boosts.service';

const actorOf = (user: SessionUser) => ({ id: user.id, group_id: user.group_id });

/** Boost calls: quota, request, on-demand rotation, admin boost. */
@Controller()
export class BoostsController {
  constructor(
    private readonly boosts: BoostsService,
    private readonly jobs: BoostJobs,
    private readonly audit: AuditService,
  ) {}

  @Endpoint(ROUTES.boosts.quota)
  @Auth()
  quota(@AuthUser() user: SessionUser, @Params('userId') userId: number): Promise<BoostQuota> {
    return this.boosts.quota(actorOf(user), userId);
  }

  @Endpoint(ROUTES.boosts.request)
  @Auth()
  request(@AuthUser() user: SessionUser, @BodyOf() dto: BoostRequestBody): Promise<{ message: string }> {
    return this.boosts.request(actorOf(user), dto.userId, dto.postId);
  }

  @Endpoint(ROUTES.boosts.rotate)
  @Auth({ groups: [GroupId.Admin] })
  async rotate(@AuthUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<BoostRotateResult | AdminJobPending> {
    try {
      const run = await this.jobs.rotateNow();
      const { jobId, result } = run;
      await this.audit.record(user, 'boosts.rotate', `job:${jobId}`, result ? 'ok' : 'pending', result ? { ...result } : null);
      if (!result) {
        res.status(202);
        return pendingAnswer(run);
      }
      return { success: true, message: BOOST_TEXT.rotated, jobId, ...result };
    } catch (error) {
      await this.audit.record(user, 'boosts.rotate', null, 'error', { error: (error as Error).message });
      throw asJobFailure('Boost rotation', error);
    }
  }

  @Endpoint(ROUTES.boosts.adminBoost)
  @Auth({ groups: [GroupId.Admin] })
  async adminBoost(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<{ success: true }> {
    try {
      const result = await this.boosts.adminBoost(actorOf(user), id);
      await this.audit.record(user, 'boosts.admin_boost', `post:${id}`, 'ok');
      return result;
    } catch (error) {
      await this.audit.record(user, 'boosts.admin_boost', `post:${id}`, 'error', { error: (error as Error).message });
      throw error;
    }
  }
}
