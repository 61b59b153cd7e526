import { Controller, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import type { Request, Response } from 'express';
import { ROUTES, VIDEO_POSTER, type AlertGroup, type AlertsQuery, type NoticeBody, type NoticeResult, type NotificationSeenBody, type NotificationSeenResult, type NotificationSettings, type NotificationSettingsBody, type NotificationStatus, type Page, type PageQuery, type SystemNotice, type TextPageQuery, type UserAlert } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { UploadsRateLimit } from '../../common/rate-limit/uploads-rate-limit.interceptor';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { MEDIA_WITH_POSTER, PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import { limitOf } from '../../common/paging/page-query';
import type { SessionUser } from '../users/session-user';
import { AlertsService } from './alerts.service';
import { NoticesService } from './notices.service';
import { NotificationStatusService } from './notification-status.service';
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

  @Endpoint(ROUTES.notifications.alerts)
  userAlerts(@Params('userId') userId: number, @QueryOf() q: AlertsQuery, @AuthUser() user: SessionUser): Promise<Page<UserAlert> | Page<AlertGroup>> {
    if (q.grouped) return this.groups.page(user, userId, limitOf(q), q.cursor, q.type, q.query);
    return this.alerts.list(user, userId, limitOf(q), q.cursor, q.query, q.type);
  }

  @Endpoint(ROUTES.notifications.settings)
  settings(@AuthUser() user: SessionUser): Promise<NotificationSettings> {
    return this.alertSettings.get(user.id);
  }

  @Endpoint(ROUTES.notifications.saveSettings)
  saveSettings(@AuthUser() user: SessionUser, @BodyOf() dto: NotificationSettingsBody): Promise<NotificationSettings> {
    return this.alertSettings.save(user.id, dto);
  }

  @Endpoint(ROUTES.notifications.notices)
  listNotices(@QueryOf() q: PageQuery): Promise<Page<SystemNotice>> {
    return this.notices.list(limitOf(q), q.cursor);
  }

  /** 201 for a new notice, 200 for an edit (body with `id`). */
  @Endpoint(ROUTES.notifications.saveNotice)
  @UseGuards(NoticeWriterGuard)
  @UseInterceptors(PlanUpload(MEDIA_WITH_POSTER), UploadsRateLimit)
  async saveNotice(
    @AuthUser() user: SessionUser,
    @BodyOf() dto: NoticeBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NoticeResult> {
    const { created, notice } = await this.notices.save(user, dto, uploadedFile(req, 'file'), uploadedFile(req, VIDEO_POSTER.part));
    res.status(created ? 201 : 200);
    return { success: true, notice };
  }

  /** The group_id query parameter clients may send is ignored: the session decides. */
  @Endpoint(ROUTES.notifications.deleteNotice)
  removeNotice(@Params('id') id: number, @AuthUser() user: SessionUser): Promise<{ success: true }> {
    return this.notices.remove(user, id);
  }

  @Endpoint(ROUTES.notifications.searchNotices)
  @RateLimit('search')
  searchNotices(@QueryOf() q: TextPageQuery): Promise<Page<SystemNotice>> {
    return this.notices.search(q.query, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.notifications.status)
  status(@AuthUser() user: SessionUser): Promise<NotificationStatus> {
    return this.seen.status(user.id);
  }

  @Endpoint(ROUTES.notifications.markSeen)
  markSeen(@AuthUser() user: SessionUser, @BodyOf() dto: NotificationSeenBody): Promise<NotificationSeenResult> {
    return this.seen.markSeen(user.id, dto.kind);
  }
}
