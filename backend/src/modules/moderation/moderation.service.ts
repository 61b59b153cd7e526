import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, MODERATION_MESSAGES, canChangeSuspension, canModerateAccount, canSuspendForGood, latestSuspensionEnd, type ModerationAction, type ModerationActionBody, type ModerationReport, type Page, type ReportBody, type ReportReason, type ReportStatus, type ReportTargetType, type ReportedMessage } from '@cloud9/contracts';
import type { Db } from '../../common/db/database';
import { DomainEvents } from '../../common/events/domain-events';
import { decodeTimeCursor } from '../../common/db/cursor';
import { timeCursorOf, toPage } from '../../common/db/page';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { AuditService } from '../audit/audit.service';
import { SessionsService } from '../identity/sessions.service';
import { AlertsService } from '../notifications/alerts.service';
import { PostsService } from '../posts/posts.service';
import { DirectMessagesService } from '../direct-messages/direct-messages.service';
import type { SessionUser } from '../users/public';
import { ModerationRepository, type ClaimedReport } from './moderation.repository';
import type { ReportRow } from './moderation.sql';

const toReport = (r: ReportRow): ModerationReport => ({
  id: r.id,
  status: r.status as ReportStatus,
  reason: r.reason as ReportReason,
  comment: r.comment,
  createdAt: r.created_at,
  reporter: r.reporter,
  target: { type: r.target_type as ReportTargetType, user: r.target_user, post: r.target_post, messages: r.messages },
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
    private readonly events: DomainEvents,
    private readonly directMessages: DirectMessagesService,
  ) {}

  async report(user: SessionUser, dto: ReportBody): Promise<{ id: number }> {
    const target = await this.target(user.id, dto);
    if (target.userId === user.id) throw new BadRequestException(MODERATION_MESSAGES.cannotReportSelf);
    const comment = dto.comment?.trim() || null;
    try {
      const id = await this.moderation.insertReport({
        reporter_id: user.id,
        target_type: dto.targetType,
        target_key: `${dto.targetType}:${dto.targetId}`,
        target_user_id: target.userId,
        target_post_id: dto.targetType === 'post' ? dto.targetId : null,
        reason: dto.reason,
        comment,
        post_ids: [...new Set(dto.postIds ?? [])],
        messages: target.messages ? JSON.stringify(target.messages) : null,
      });
      return { id };
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw new ConflictException(MODERATION_MESSAGES.alreadyReported);
      throw error;
    }
  }

  /**
   * Whom a report is about, 404 for a target that does not exist or the reporter cannot see. A
   * message's report copies it and the messages before it as the reporter sees them: staff read
   * only that copy, never the conversation (decision 0100).
   */
  private async target(reporterId: number, dto: ReportBody): Promise<{ userId: number; messages: ReportedMessage[] | null }> {
    if (dto.targetType === 'message') {
      const { senderId, messages } = await this.directMessages.reportContext(reporterId, dto.targetId);
      return {
        userId: senderId,
        messages: messages.map((m) => ({
          id: Number(m.id), senderId: Number(m.sender_id), senderUsername: m.sender_username, text: m.deleted_at ? '' : m.text,
          mediaUrl: m.deleted_at ? null : m.media_url, gif: m.deleted_at ? null : m.gif_url, createdAt: new Date(m.created_at).toISOString(),
        })),
      };
    }
    const userId = dto.targetType === 'post' ? await this.moderation.postAuthor(dto.targetId) : (await this.moderation.account(dto.targetId))?.id;
    if (userId === undefined) throw new NotFoundException(dto.targetType === 'post' ? MESSAGES.post.notFoundOrDeleted : MESSAGES.profile.userNotFound);
    return { userId, messages: null };
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

    // The claim, the action and the reporters' alerts commit together; their events (the alerts, a
    // suspension leaving every list) go out after the commit.
    const { claimed, reporters } = await this.moderation.transaction(async (trx) => {
      const claimed = await this.moderation.claim(trx, reportId, dto.action, text, actor.id);
      if (!claimed) throw new ConflictException(MODERATION_MESSAGES.alreadyResolved);
      await this.applyInTransaction(trx, actor, claimed, dto.action, until, text);
      const settled = [claimed, ...(await this.moderation.resolveOthers(trx, claimed.target_key, dto.action, text, actor.id))];
      const reporters = { reportIds: settled.map((r) => r.id), userIds: settled.map((r) => r.reporter_id) };
      // The deletion runs after this commit and may give the report back: its reporters are told once the post is gone.
      if (dto.action !== 'delete-post') await this.tell(trx, actor, claimed, dto.action, text, reporters.userIds);
      return { claimed, reporters };
    });
    if (dto.action === 'delete-post') await this.deleteReportedPost(actor, claimed, text, reporters);
    // A suspended member's sessions end (and their sockets, on every instance).
    if (dto.action === 'suspend') await this.sessions.endAllForUser(claimed.target_user_id);
    await this.audit.record(actor, `moderation.${dto.action}`, claimed.target_key, 'ok', {
      report: reportId,
      account: claimed.target_user_id,
      ...(text ? { text } : {}),
      ...(dto.action === 'suspend' ? { until: until === 'infinity' ? 'for good' : until!.toISOString() } : {}),
    });
    return { success: true, report: toReport((await this.moderation.report(reportId))!) };
  }

  /**
   * The alerts an action raises: a warning's text to the reported account, and to every reporter of the
   * settled reports (the acting staff member aside) that their report was reviewed, without saying how.
   */
  private async tell(trx: Db, actor: SessionUser, report: ClaimedReport, action: ModerationAction, text: string | null, reporterIds: number[]): Promise<void> {
    if (action === 'warn') await this.alerts.raiseFromTeam(trx, 'warning', [report.target_user_id], text!);
    const reporters = [...new Set(reporterIds)].filter((id) => id !== actor.id);
    await this.alerts.raiseFromTeam(trx, 'report-handled', reporters, MESSAGES.alerts.reportHandled);
  }

  /**
   * A delete-post action after its claim committed: the post goes (PostsService, its own transaction),
   * then its reporters are told. When either fails, every report the claim settled goes back to the
   * queue, not only the one acted on.
   */
  private async deleteReportedPost(actor: SessionUser, claimed: ClaimedReport, text: string | null, reporters: { reportIds: number[]; userIds: number[] }): Promise<void> {
    try {
      await this.deletePost(claimed);
      await this.moderation.transaction((trx) => this.tell(trx, actor, claimed, 'delete-post', text, reporters.userIds));
    } catch (error) {
      await this.moderation.reopen(reporters.reportIds);
      throw error;
    }
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
    if (action === 'suspend') {
      await this.moderation.suspend(trx, report.target_user_id, until!, actor.id, text);
      this.events.add(trx, 'moderation.suspended', { userId: report.target_user_id });
    }
    if (action === 'unsuspend') {
      if (!(await this.moderation.unsuspend(trx, report.target_user_id))) throw new ConflictException(MODERATION_MESSAGES.notSuspended);
      this.events.add(trx, 'moderation.unsuspended', { userId: report.target_user_id });
    }
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
