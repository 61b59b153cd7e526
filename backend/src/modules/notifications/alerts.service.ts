import { ForbiddenException, Injectable } from '@nestjs/common';
import { MESSAGES, type AlertType, type Page, type TeamAlertType, type UserAlert } from '@cloud9/contracts';
import type { Db } from '../../common/db/database';
import { DomainEvents } from '../../common/events/domain-events';
import { decodeTimeCursor } from '../../common/db/cursor';
import { containsPattern, limitLiteral, SqlParams } from '../../common/db/sql-params';
import type { SessionUser } from '../users/public';
import type { AlertRow } from './notifications.sql';
import { NotificationsRepository, type RaisedAlert, type RemovedAlert, type WithdrawnRow } from './notifications.repository';
import { WithdrawnAlerts } from './withdrawn-alerts';
import { planMentionAlerts } from './mention-alerts';
import { timeCursorOf, toPage } from '../../common/db/page';

type PostAlertType = Exclude<AlertType, 'follow'>;

const toWire = (r: AlertRow): UserAlert => ({
  id: r.id,
  type: r.type,
  message: r.message,
  actor_name: r.actor_name,
  actor_username: r.actor_username,
  actor_thumbnail: r.actor_thumbnail,
  post_id: r.post_id,
  createdAt: r.created_at.toISOString(),
});

/**
 * Personal alerts (a like, reply, repost, follow or mention). Actions raise and withdraw them inside their
 * own transaction (`trx`), so an alert exists exactly while its action does; never for acting on
 * oneself. Each raises `alerts.raised` / `alerts.withdrawn` on that transaction, pushed live after
 * the commit (LivePushes). An alert about a post that its
 * actor withdrew within the hour (an unlike, a mention edited out) and raises again comes back
 * quietly, with its first time and no push (WithdrawnAlerts): toggling cannot flood its recipient.
 */
@Injectable()
export class AlertsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly events: DomainEvents,
    private readonly withdrawn: WithdrawnAlerts,
  ) {}

  /** An alert to the author of `postId` (none when the actor wrote it). */
  async raiseOnPost(trx: Db, actor: SessionUser, type: PostAlertType, postId: number): Promise<void> {
    // One recipient, the post's author: whatever was withdrawn of this type was theirs.
    const [earlier] = await this.withdrawn.recall(postId, actor.id, type);
    const rows = await this.notifications.raiseOnPost(trx, actor.id, type, postId, postId, this.message(type, actor), earlier?.raisedAt ?? null);
    if (!earlier) this.created(trx, rows, actor, type, postId);
  }

  /** A reply alert to the author of `parentId` (none on one's own post); its post_id is the reply. */
  async raiseOnReply(trx: Db, actor: SessionUser, parentId: number, replyId: number): Promise<void> {
    const rows = await this.notifications.raiseOnPost(trx, actor.id, 'reply', parentId, replyId, this.message('reply', actor));
    this.created(trx, rows, actor, 'reply', replyId);
  }

  /** A follow alert to `recipientId` (none to oneself). */
  async raiseOnUser(trx: Db, actor: SessionUser, type: 'follow', recipientId: number): Promise<void> {
    if (recipientId === actor.id) return;
    const rows = await this.notifications.raiseOnUser(trx, actor.id, type, recipientId, this.message(type, actor));
    this.created(trx, rows, actor, type, null);
  }

  /** Mention alerts for a new post or reply `postId` (planMentionAlerts); `mentionedIds` in text order. */
  async raiseOnMentions(trx: Db, actor: SessionUser, postId: number, mentionedIds: number[]): Promise<void> {
    const { raise } = planMentionAlerts(actor.id, mentionedIds);
    const rows = await this.notifications.raiseMentions(trx, actor.id, postId, raise, this.message('mention', actor));
    this.created(trx, rows, actor, 'mention', postId);
  }

  /** After the author edited `postId`: unmentioned accounts lose their alert, newly mentioned ones get one within the cap. */
  async mentionsEdited(trx: Db, actor: SessionUser, postId: number, mentionedIds: number[]): Promise<void> {
    const plan = planMentionAlerts(actor.id, mentionedIds, await this.notifications.mentionRecipients(trx, postId));
    await this.withdrawRemembered(trx, postId, actor.id, 'mention', await this.notifications.withdrawMentions(trx, postId, plan.withdraw));
    const earlier = plan.raise.length ? await this.withdrawn.recall(postId, actor.id, 'mention') : [];
    const raisedAt = new Map(earlier.map((w) => [w.recipientId, w.raisedAt]));
    const rows = await this.notifications.raiseMentions(trx, actor.id, postId, plan.raise, this.message('mention', actor), raisedAt);
    this.created(trx, rows.filter((r) => !raisedAt.has(r.recipient_id)), actor, 'mention', postId);
  }

  /**
   * Alerts from the Cloud 9 team, in the transaction of the staff action they belong to: a warning
   * (its text is the message) or "your report was reviewed" to each of `recipientIds`.
   */
  async raiseFromTeam(trx: Db, type: TeamAlertType, recipientIds: number[], message: string): Promise<void> {
    const rows = await this.notifications.raiseTeamAlerts(trx, type, recipientIds, message);
    this.raised(trx, rows.map((r) => ({
      recipientId: r.recipient_id,
      alert: { id: r.id, type, message, actor_name: null, actor_username: null, actor_thumbnail: null, post_id: null, createdAt: r.created_at.toISOString() },
    })));
  }

  async withdrawOnPost(trx: Db, actorId: number, type: PostAlertType, postId: number): Promise<void> {
    await this.withdrawRemembered(trx, postId, actorId, type, await this.notifications.withdrawOnPost(trx, actorId, type, postId));
  }

  /** Alerts an actor took back, remembered for the hour in which raising them again is quiet. */
  private async withdrawRemembered(trx: Db, postId: number, actorId: number, type: PostAlertType, rows: WithdrawnRow[]): Promise<void> {
    await this.withdrawn.remember(postId, actorId, rows.map((r) => ({ type, recipientId: r.recipient_id, raisedAt: r.created_at })));
    this.removed(trx, rows);
  }

  async withdrawOnUser(trx: Db, actorId: number, type: 'follow', recipientId: number): Promise<void> {
    this.removed(trx, await this.notifications.withdrawOnUser(trx, actorId, type, recipientId));
  }

  /** Before a post is deleted: the alerts about it and every reply below it. */
  async withdrawForPostTree(trx: Db, postId: number): Promise<void> {
    this.removed(trx, await this.notifications.withdrawPostTree(trx, postId));
  }

  /** GET /api/notifications/user/:userId: own alerts only, newest first, optionally filtered by text and type. */
  async list(viewer: SessionUser, userId: number, limit: number, cursor?: string, query?: string, type?: AlertType): Promise<Page<UserAlert>> {
    if (viewer.id !== userId) throw new ForbiddenException(MESSAGES.notifications.onlyOwnAlerts);
    const after = decodeTimeCursor(cursor);
    const p = new SqlParams();
    p.add(userId);
    if (after) {
      p.add(after.time);
      p.add(after.id);
    }
    const text = query?.trim();
    const filter = text ? p.add(containsPattern(text)) : null;
    const typeParam = type ? p.add(type) : null;
    const rows = await this.notifications.alertPage(p.values, !!after, filter, typeParam, limitLiteral(limit + 1));
    return toPage(rows, limit, toWire, timeCursorOf);
  }

  private message(type: AlertType, actor: SessionUser): string {
    return MESSAGES.alerts[type](actor.name?.trim() || actor.username);
  }

  /** New alerts as news; none for one its recipient does not see (its post holds one of their muted words). */
  private created(trx: Db, rows: RaisedAlert[], actor: SessionUser, type: AlertType, postId: number | null): void {
    this.raised(trx, rows.filter((r) => r.shown).map((r) => this.createdOne(r, actor, type, postId)));
  }

  private createdOne(r: RaisedAlert, actor: SessionUser, type: AlertType, postId: number | null): { recipientId: number; alert: UserAlert } {
    return {
      recipientId: r.recipient_id,
      alert: {
        id: r.id,
        type,
        message: this.message(type, actor),
        actor_name: actor.name,
        actor_username: actor.username,
        actor_thumbnail: actor.thumbnail,
        post_id: postId,
        createdAt: r.created_at.toISOString(),
      },
    };
  }

  private raised(trx: Db, alerts: { recipientId: number; alert: UserAlert }[]): void {
    if (alerts.length) this.events.add(trx, 'alerts.raised', { alerts });
  }

  private removed(trx: Db, rows: RemovedAlert[]): void {
    if (rows.length) this.events.add(trx, 'alerts.withdrawn', { alerts: rows.map((r) => ({ recipientId: r.recipient_id, id: r.id })) });
  }
}
