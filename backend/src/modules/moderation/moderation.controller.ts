import { Controller } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import { GroupId, ROUTES, STAFF_GROUP_IDS, type ModerationActionBody, type ModerationQuery, type ModerationReport, type Page, type ReportBody } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import type { SessionUser } from '../users/session-user';
import { ModerationService } from './moderation.service';

/** Groups 1–4: the admin and staff. */
const MODERATORS = [GroupId.Admin, ...STAFF_GROUP_IDS];

/** Reports (any member, rate-limited) and the staff's moderation queue. */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Endpoint(ROUTES.moderation.report)
  @Auth()
  @RateLimit('reports')
  report(@AuthUser() user: SessionUser, @BodyOf() dto: ReportBody): Promise<{ id: number }> {
    return this.moderation.report(user, dto);
  }

  /** Open reports by default, newest first. */
  @Endpoint(ROUTES.moderation.queue)
  @Auth({ groups: MODERATORS })
  queue(@QueryOf() q: ModerationQuery): Promise<Page<ModerationReport>> {
    return this.moderation.queue(q.status ?? 'open', q.reason, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.moderation.act)
  @Auth({ groups: MODERATORS })
  act(@AuthUser() user: SessionUser, @Params('id') id: number, @BodyOf() dto: ModerationActionBody): Promise<{ success: true; report: ModerationReport }> {
    return this.moderation.act(user, id, dto);
  }
}
