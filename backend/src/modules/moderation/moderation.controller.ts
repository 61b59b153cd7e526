import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { GroupId, STAFF_GROUP_IDS, type ModerationReport, type Page } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { IdParam } from '../../common/validation';
import type { SessionUser } from '../users/public';
import { ModerationActionDto, ModerationQueryDto, ReportDto } from './moderation.dto';
import { ModerationService } from './moderation.service';

/** Groups 1–4: the admin and staff. */
const MODERATORS = [GroupId.Admin, ...STAFF_GROUP_IDS];

/** Reports (any member, rate-limited) and the staff's moderation queue. */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Post('reports')
  @Auth()
  @RateLimit('reports')
  report(@AuthUser() user: SessionUser, @Body() dto: ReportDto): Promise<{ id: number }> {
    return this.moderation.report(user, dto);
  }

  /** Open reports by default, newest first. */
  @Get('moderation/reports')
  @Auth({ groups: MODERATORS })
  queue(@Query() q: ModerationQueryDto): Promise<Page<ModerationReport>> {
    return this.moderation.queue(q.status ?? 'open', q.reason, limitOf(q), q.cursor);
  }

  @Post('moderation/reports/:id/actions')
  @Auth({ groups: MODERATORS })
  @HttpCode(200)
  act(@AuthUser() user: SessionUser, @Param('id', IdParam()) id: number, @Body() dto: ModerationActionDto): Promise<{ success: true; report: ModerationReport }> {
    return this.moderation.act(user, id, dto);
  }
}
