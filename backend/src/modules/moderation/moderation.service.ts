import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, MODERATION_MESSAGES, canChangeSuspension, canModerateAccount, canSuspendForGood, latestSuspensionEnd, type ModerationAction, type ModerationActionBody, type ModerationReport, type Page, type ReportBody, type ReportReason, type ReportStatus, type ReportTargetType } from '@cloud9/contracts';
import { InvalidationBus } from '../../common/cache/invalidation-bus';
import type { Db } from '../../common/db/database';
import { decodeTimeCursor } from '../../common/db/cursor';
import { timeCursorOf, toPage } from '../../common/db/page';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { AuditService } from '../audit/audit.service';
import { SessionsService } from '../identity/sessions.service';
import { AlertsService, type AlertEvent } from '../notifications/alerts.service';
import { PostsService } from '../posts/posts.service';
import type { SessionUser } from '../users/session-user';
import { ModerationRepository, type ClaimedReport } from './moderation.repository';
import type { ReportRow } from './moderation.sql';

const toReport = (r: ReportRow): ModerationReport => ({
  id: r.id,
  status: r.status as ReportStatus,
  reason: r.reason as ReportReason,
  comment: r.comment,
  createdAt: r.created_at,
  reporter: r.reporter,
  target: { type: r.target_type as ReportTargetType, user: r.target_user, post: r.target_post },
  posts: r.posts,
  resolution: r.status === 'resolved' && r.action ? { action: r.action as ModerationAction, text: r.action_text, by: r.handled_by, at: r.handled_at! } : null,
});

/**
 * Reports and what staff do with them. A member reports a post or an account once while it is open;
 * staff (groups 1–4) see the queue and act: dismiss, delete the post, warn (the member gets the staff
 * member's text as an alert from the team), suspend (for a time; for good: the admin only) or lift a
 * suspension. Who may act on whom is canModerateAccount (staff on members, the admin on anyone, nobody
 * on themselves). An action settles every open report on the same target, runs once however many
 * staff press it at the same time (the report is claimed first), tells each of their reporters that
 * their report was reviewed, and is written to the audit log.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly moderation: ModerationRepository,
    private readonly posts: PostsService,
    private readonly sessions: SessionsService,
    private readonly audit: AuditService,
    private readonly alerts: AlertsService,
    private readonly caches: InvalidationBus,
  ) {}

  async report(user: SessionUser, dto: ReportBody): Promise<{ id: number }> {
    const targetUserId = dto.targetType === 'post' ? await this.moderation.postAuthor(dto.targetId) : (await this.moderation.account(dto.targetId))?.id;
    if (targetUserId === undefined) throw new NotFoundException(dto.targetType === 'post' ? MESSAGES.post.notFoundOrDeleted : MESSAGES.profile.userNotFound);
    if (targetUserId === user.id) throw new BadRequestException(MODERATION_MESSAGES.cannotReportSelf);
    const comment = dto.comment?.trim() || null;
    try {
      const id = await this.moderation.insertReport({
        reporter_id: user.id,
        target_type: dto.targetType,
        target_key: `${dto.targetType}:${dto.targetId}`,
        target_user_id: targetUserId,
        target_post_id: dto.targetType === 'post' ? dto.targetId : null,
        reason: dto.reason,
        comment,
        post_ids: [...new Set(dto.postIds ?? [])],
      });
      return { id };
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw new ConflictException(MODERATION_MESSAGES.alreadyReported);
      throw error;
    }
  }

  async queue(status: ReportStatus, reason: ReportReason | undefined, limit: number, cursor?: string): Promise<Page<ModerationReport>> {
    const rows = await this.moderation.queuePage(status, reason, decodeTimeCursor(cursor), limit + 1);
    return toPage(rows, limit, toReport, timeCursorOf);
  }

  async act(actor: SessionUser, reportId: number, dto: ModerationActionBody): Promise<{ success: true; report: ModerationReport }> {
    const text = dto.text?.trim() || null;
    if (dto.action === 'warn' && !text) throw new BadRequestException(MODERATION_MESSAGES.warningTextRequired);
    const until = this.suspensionEnd(actor, dto);
    const report = await this.moderation.report(reportId);
    if (!report) throw new NotFoundException(MODERATION_MESSAGES.reportNotFound);
    if (report.status !== 'open') throw new ConflictException(MODERATION_MESSAGES.alreadyResolved);
    if (!canModerateAccount({ id: actor.id, group_id: actor.group_id }, report.target_user)) throw new ForbiddenException(MODERATION_MESSAGES.notAllowedOnAccount);
    if (dto.action === 'delete-post' && report.target_type !== 'post') throw new BadRequestException(MODERATION_MESSAGES.notAPostReport);

    let claimed: ClaimedReport | undefined;
    let settled: { id: number; reporter_id: number }[] = [];
    let events: AlertEvent[] = [];
    let ended = false;
    try {
      await this.moderation.transaction(async (trx) => {
        claimed = await this.moderation.claim(trx, reportId, dto.action, text, actor.id);
        if (!claimed) throw new ConflictException(MODERATION_MESSAGES.alreadyResolved);
        await this.applyInTransaction(trx, actor, claimed, dto.action, until, text);
        settled = [claimed, ...(await this.moderation.resolveOthers(trx, claimed.target_key, dto.action, text, actor.id))];
        const reporters = settled.map((r) => r.reporter_id);
        // The deletion runs after this commit and may give the report back: its reporters are told once the post is gone.
        if (dto.action !== 'delete-post') events = await this.tell(trx, actor, claimed, dto.action, text, reporters);
      });
      if (dto.action === 'delete-post') {
        await this.deletePost(claimed!);
        events = await this.moderation.transaction((trx) => this.tell(trx, actor, claimed!, dto.action, text, settled.map((r) => r.reporter_id)));
      }
      if (dto.action === 'suspend') ended = true;
    } catch (error) {
      // Every report the claim settled goes back to the queue, not only the one acted on.
      if (claimed && dto.action === 'delete-post') await this.moderation.reopen(settled.map((r) => r.id));
      throw error;
    }
    // After the commit: the alerts go out live; the account's posts leave (or come back to) every list
    // on every instance, and a suspended member's sessions end (and their sockets, on every instance).
    this.alerts.publish(events);
    if (dto.action === 'suspend' || dto.action === 'unsuspend') await this.caches.publish({ all: true, suspensions: true });
    if (ended) await this.sessions.endAllForUser(claimed!.target_user_id);
    await this.audit.record(actor, `moderation.${dto.action}`, claimed!.target_key, 'ok', {
      report: reportId,
      account: claimed!.target_user_id,
      ...(text ? { text } : {}),
      ...(dto.action === 'suspend' ? { until: until === 'infinity' ? 'for good' : until!.toISOString() } : {}),
    });
    return { success: true, report: toReport((await this.moderation.report(reportId))!) };
  }

  /**
   * The alerts an action raises: a warning's text to the reported account, and to every reporter of the
   * settled reports (the acting staff member aside) that their report was reviewed, without saying how.
   */
  private async tell(trx: Db, actor: SessionUser, report: ClaimedReport, action: ModerationAction, text: string | null, reporterIds: number[]): Promise<AlertEvent[]> {
    const warned = action === 'warn' ? await this.alerts.raiseFromTeam(trx, 'warning', [report.target_user_id], text!) : [];
    const reporters = [...new Set(reporterIds)].filter((id) => id !== actor.id);
    return [...warned, ...(await this.alerts.raiseFromTeam(trx, 'report-handled', reporters, MESSAGES.alerts.reportHandled))];
  }

  /** The suspension's end for a `suspend` action (its rules checked before anything is written); undefined otherwise. */
  private suspensionEnd(actor: SessionUser, dto: ModerationActionBody): Date | 'infinity' | undefined {
    if (dto.action !== 'suspend') return undefined;
    if (dto.until === undefined) {
      if (!canSuspendForGood(actor)) throw new ForbiddenException(MODERATION_MESSAGES.onlyAdminSuspendsForGood);
      return 'infinity';
    }
    const end = new Date(dto.until);
    const now = Date.now();
    if (Number.isNaN(end.getTime()) || end.getTime() <= now) throw new BadRequestException(MODERATION_MESSAGES.invalidUntil);
    if (end.getTime() > latestSuspensionEnd(actor, now)) throw new BadRequestException(MODERATION_MESSAGES.suspensionTooLong);
    return end;
  }

  /**
   * A running suspension the admin set (or one for good) is the admin's to change or lift: staff get
   * 403. Read with the suspension's row locked, so it cannot change between this check and the write.
   */
  private async assertMayChangeSuspension(trx: Db, actor: SessionUser, userId: number): Promise<void> {
    const running = await this.moderation.runningSuspension(trx, userId);
    if (running && !canChangeSuspension(actor, running.by_admin)) throw new ForbiddenException(MODERATION_MESSAGES.adminSetSuspension);
  }

  private async applyInTransaction(trx: Db, actor: SessionUser, report: ClaimedReport, action: ModerationAction, until: Date | 'infinity' | undefined, text: string | null): Promise<void> {
    if (action === 'suspend' || action === 'unsuspend') await this.assertMayChangeSuspension(trx, actor, report.target_user_id);
    if (action === 'suspend') await this.moderation.suspend(trx, report.target_user_id, until!, actor.id, text);
    if (action === 'unsuspend' && !(await this.moderation.unsuspend(trx, report.target_user_id))) throw new ConflictException(MODERATION_MESSAGES.notSuspended);
  }

  private async deletePost(report: ClaimedReport): Promise<void> {
    if (report.target_post_id === null) throw new ConflictException(MODERATION_MESSAGES.postAlreadyGone);
    try {
      await this.posts.removeReported(report.target_post_id);
    } catch (error) {
      if (error instanceof NotFoundException) throw new ConflictException(MODERATION_MESSAGES.postAlreadyGone);
      throw error;
    }
  }

  /** For sign-in: the running suspension's end ('infinity' for good), or null. */
  suspendedUntil(userId: number): Promise<string | null> {
    return this.moderation.suspendedUntil(userId);
  }
}
