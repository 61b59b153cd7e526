import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { VIDEO_POSTER, type AlertGroup, type NoticeResult, type NotificationSettings, type NotificationSeenResult, type NotificationStatus, type Page, type SystemNotice, type UserAlert } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { UploadsRateLimit } from '../../common/rate-limit/uploads-rate-limit.interceptor';
import { IdParam } from '../../common/validation';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { MEDIA_WITH_POSTER, PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import { limitOf, PageQueryDto } from '../../common/paging/page-query';
import type { SessionUser } from '../users/public';
import { AlertsService } from './alerts.service';
import { NoticesService } from './notices.service';
import { NotificationStatusService } from './notification-status.service';
import { AlertsQueryDto, NoticeBodyDto, NoticeSearchDto, NotificationSettingsDto, SeenDto } from './notifications.dto';
import { AlertGroupsService } from './alert-groups.service';
import { AlertSettingsService } from './alert-settings.service';
import { NoticeWriterGuard } from './notice-writer.guard';

/** Personal alerts (single or grouped), their settings, system notices and the unseen state. All need a session. */
@Controller()
@Auth()
export class NotificationsController {
  constructor(
    private readonly alerts: AlertsService,
    private readonly notices: NoticesService,
    private readonly seen: NotificationStatusService,
    private readonly groups: AlertGroupsService,
    private readonly alertSettings: AlertSettingsService,
  ) {}

  @Get('notifications/user/:userId')
  userAlerts(@Param('userId', IdParam()) userId: number, @Query() q: AlertsQueryDto, @AuthUser() user: SessionUser): Promise<Page<UserAlert> | Page<AlertGroup>> {
    if (q.grouped) return this.groups.page(user, userId, limitOf(q), q.cursor, q.type, q.query);
    return this.alerts.list(user, userId, limitOf(q), q.cursor, q.query, q.type);
  }

  @Get('notifications/settings')
  settings(@AuthUser() user: SessionUser): Promise<NotificationSettings> {
    return this.alertSettings.get(user.id);
  }

  @Put('notifications/settings')
  saveSettings(@AuthUser() user: SessionUser, @Body() dto: NotificationSettingsDto): Promise<NotificationSettings> {
    return this.alertSettings.save(user.id, dto);
  }

  @Get('notifications/posts')
  listNotices(@Query() q: PageQueryDto): Promise<Page<SystemNotice>> {
    return this.notices.list(limitOf(q), q.cursor);
  }

  /** 201 for a new notice, 200 for an edit (body with `id`). */
  @Post('notifications/posts')
  @UseGuards(NoticeWriterGuard)
  @UseInterceptors(PlanUpload(MEDIA_WITH_POSTER), UploadsRateLimit)
  async saveNotice(
    @AuthUser() user: SessionUser,
    @Body() dto: NoticeBodyDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NoticeResult> {
    const { created, notice } = await this.notices.save(user, dto, uploadedFile(req, 'file'), uploadedFile(req, VIDEO_POSTER.part));
    res.status(created ? 201 : 200);
    return { success: true, notice };
  }

  /** The group_id query parameter clients may send is ignored: the session decides. */
  @Delete('notifications/posts/:id')
  @HttpCode(200)
  removeNotice(@Param('id', IdParam()) id: number, @AuthUser() user: SessionUser): Promise<{ success: true }> {
    return this.notices.remove(user, id);
  }

  @Get('search/notifications')
  @RateLimit('search')
  searchNotices(@Query() q: NoticeSearchDto): Promise<Page<SystemNotice>> {
    return this.notices.search(q.query, limitOf(q), q.cursor);
  }

  @Get('notifications/status')
  status(@AuthUser() user: SessionUser): Promise<NotificationStatus> {
    return this.seen.status(user.id);
  }

  @Post('notifications/seen')
  @HttpCode(200)
  markSeen(@AuthUser() user: SessionUser, @Body() dto: SeenDto): Promise<NotificationSeenResult> {
    return this.seen.markSeen(user.id, dto.kind);
  }
}
