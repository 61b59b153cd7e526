import { Injectable } from '@nestjs/common';
import { CompiledQuery, sql, type Selectable } from 'kysely';
import type { AlertType, NotificationSeenKind, PushType, TeamAlertType } from '@cloud9/contracts';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import type { SystemNotices, UserAlerts } from '../../database/schema';
import {
  ALERT_SYNC_SQL, alertPageSql, type AlertRow, type AlertSyncRow, NOTICE_SQL, noticePageSql, type NoticeRow, PUSH_FACTS_SQL, SEEN_SQL, STATUS_SQL,
  type StatusRow,
} from './notifications.sql';
import { alertGroupPageSql, type AlertGroupRow, type GroupCursorParams } from './alert-groups.sql';
import { alertShownSql, recipientWants } from './alert-wanted';

/** `shown`: whether it shows to its recipient now (alertShownSql): an alert hidden by a muted word is stored but not pushed. */
export type RaisedAlert = Pick<Selectable<UserAlerts>, 'id' | 'recipient_id' | 'created_at'> & { shown: boolean };

/** Whether a new row shows to its recipient, in a raise's RETURNING (where the table's own name is the alias). */
const SHOWN = alertShownSql('user_alerts', 'user_alerts.recipient_id');
export type RemovedAlert = Pick<Selectable<UserAlerts>, 'id' | 'recipient_id'>;
/** A withdrawn alert with its first time, for WithdrawnAlerts to remember. */
export type WithdrawnRow = RemovedAlert & Pick<Selectable<UserAlerts>, 'created_at'>;
export type LockedNotice = Pick<Selectable<SystemNotices>, 'id' | 'user_id' | 'media_id' | 'media_url'>;

/**
 * The only code that runs the SQL of user_alerts, alert_mutes, push_mutes, system_notices and notification_seen. Alert
 * writes take the transaction of the action they belong to; pages and the status are the
 * hand-tuned statements of notifications.sql.ts, run as prepared statements.
 */
@Injectable()
export class NotificationsRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
  ) {
    super(database);
  }

  // Alerts

  /**
   * To the author of `postId` (none when the actor wrote it); `alertPostId` is what the alert points at.
   * `raisedAt`: the first time of the same alert withdrawn within the hour (WithdrawnAlerts), which it takes back.
   */
  raiseOnPost(trx: Db, actorId: number, type: AlertType, postId: number, alertPostId: number, message: string, raisedAt: Date | null = null): Promise<RaisedAlert[]> {
    return trx
      .insertInto('user_alerts')
      .columns(['recipient_id', 'actor_id', 'type', 'post_id', 'message', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('posts as p')
          .select([
            'p.user_id',
            eb.val(actorId).as('actor_id'),
            eb.val(type).as('type'),
            eb.val(alertPostId).as('post_id'),
            eb.val(message).as('message'),
            sql<Date>`coalesce(${raisedAt}::timestamptz, now())`.as('created_at'),
          ])
          .where('p.id', '=', postId)
          .where('p.user_id', '<>', actorId)
          .where(recipientWants(sql.ref('p.user_id'), sql.val(actorId), type)),
      )
      .returning(['id', 'recipient_id', 'created_at', sql<boolean>`${sql.raw(SHOWN)}`.as('shown')])
      .execute();
  }

  /** To `recipientId` unless recipientWants says no. */
  raiseOnUser(trx: Db, actorId: number, type: AlertType, recipientId: number, message: string): Promise<RaisedAlert[]> {
    return trx
      .insertInto('user_alerts')
      .columns(['recipient_id', 'actor_id', 'type', 'post_id', 'message'])
      .expression((eb) =>
        eb
          .selectFrom('users as r')
          .select([
            'r.id',
            eb.val(actorId).as('actor_id'),
            eb.val(type).as('type'),
            eb.val<number | null>(null).as('post_id'),
            eb.val(message).as('message'),
          ])
          .where('r.id', '=', recipientId)
          .where(recipientWants(sql.ref('r.id'), sql.val(actorId), type)),
      )
      .returning(['id', 'recipient_id', 'created_at', sql<boolean>`${sql.raw(SHOWN)}`.as('shown')])
      .execute();
  }

  /**
   * Mention alerts of `postId` (the post or reply whose text mentions them) to `recipientIds`, never
   * to the actor nor to whoever turned mentions off; one statement per post. `raisedAt`: the first
   * times of mention alerts withdrawn within the hour (WithdrawnAlerts), which those take back.
   */
  async raiseMentions(trx: Db, actorId: number, postId: number, recipientIds: number[], message: string, raisedAt = new Map<number, Date>()): Promise<RaisedAlert[]> {
    if (!recipientIds.length) return [];
    const times = recipientIds.map((id) => raisedAt.get(id)?.toISOString() ?? null);
    const { rows } = await sql<RaisedAlert>`
      INSERT INTO user_alerts (recipient_id, actor_id, type, post_id, message, created_at)
      SELECT r.id, ${actorId}, 'mention', ${postId}, ${message}, coalesce(r.raised_at, now())
        FROM unnest(${recipientIds}::bigint[], ${times}::timestamptz[]) WITH ORDINALITY r(id, raised_at, n)
       WHERE r.id <> ${actorId} AND ${recipientWants(sql.ref('r.id'), sql.val(actorId), 'mention')}
       ORDER BY r.n
      RETURNING id, recipient_id, created_at, ${sql.raw(SHOWN)} AS shown`.execute(trx);
    return rows;
  }

  /**
   * Team alerts (no actor) of one `type` to `recipientIds`, one each, in list order. They are not
   * subject to alert settings: a member cannot turn off a warning or the answer to their report.
   */
  async raiseTeamAlerts(trx: Db, type: TeamAlertType, recipientIds: number[], message: string): Promise<RaisedAlert[]> {
    if (!recipientIds.length) return [];
    const { rows } = await sql<RaisedAlert>`
      INSERT INTO user_alerts (recipient_id, actor_id, type, post_id, message)
      SELECT r.id, NULL, ${type}, NULL, ${message}
        FROM unnest(${recipientIds}::bigint[]) WITH ORDINALITY r(id, n)
       ORDER BY r.n
      RETURNING id, recipient_id, created_at`.execute(trx);
    return rows;
  }

  /** Who holds a mention alert of `postId` (user_alerts_post). */
  async mentionRecipients(trx: Db, postId: number): Promise<number[]> {
    const rows = await trx.selectFrom('user_alerts').select('recipient_id').where('post_id', '=', postId).where('type', '=', 'mention').execute();
    return rows.map((r) => r.recipient_id);
  }

  /** The mention alerts of `postId` held by `recipientIds`. */
  withdrawMentions(trx: Db, postId: number, recipientIds: number[]): Promise<WithdrawnRow[]> {
    if (!recipientIds.length) return Promise.resolve([]);
    return trx
      .deleteFrom('user_alerts')
      .where('post_id', '=', postId)
      .where('type', '=', 'mention')
      .where('recipient_id', 'in', recipientIds)
      .returning(['id', 'recipient_id', 'created_at'])
      .execute();
  }

  /** Served by user_alerts_action. */
  withdrawOnPost(trx: Db, actorId: number, type: AlertType, postId: number): Promise<WithdrawnRow[]> {
    return trx
      .deleteFrom('user_alerts')
      .where('actor_id', '=', actorId)
      .where('type', '=', type)
      .where('post_id', '=', postId)
      .returning(['id', 'recipient_id', 'created_at'])
      .execute();
  }

  withdrawOnUser(trx: Db, actorId: number, type: AlertType, recipientId: number): Promise<RemovedAlert[]> {
    return trx
      .deleteFrom('user_alerts')
      .where('actor_id', '=', actorId)
      .where('type', '=', type)
      .where('post_id', 'is', null)
      .where('recipient_id', '=', recipientId)
      .returning(['id', 'recipient_id'])
      .execute();
  }

  /** Every alert about a post or any reply below it (they would cascade with the post). */
  async withdrawPostTree(trx: Db, postId: number): Promise<RemovedAlert[]> {
    const { rows } = await sql<RemovedAlert>`
      WITH RECURSIVE tree AS (
        SELECT id FROM posts WHERE id = ${postId}
        UNION ALL
        SELECT c.id FROM posts c JOIN tree t ON c.parent_id = t.id
      )
      DELETE FROM user_alerts a USING tree WHERE a.post_id = tree.id RETURNING a.id, a.recipient_id`.execute(trx);
    return rows;
  }

  /** One recipient's page ($1 recipient, then the keyset, the filter pattern and the type when given). */
  alertPage(values: unknown[], withCursor: boolean, filterParam: string | null, typeParam: string | null, take: string): Promise<AlertRow[]> {
    return this.sql.query<AlertRow>(alertPageSql(withCursor, filterParam, typeParam, take), values);
  }

  /** One recipient's page of alert groups (alert-groups.sql.ts). */
  alertGroupPage(values: unknown[], typeParam: string | null, cursor: GroupCursorParams | null, take: string): Promise<AlertGroupRow[]> {
    return this.sql.query<AlertGroupRow>(alertGroupPageSql(typeParam, cursor, take), values);
  }

  async newestAlertId(): Promise<number> {
    const [{ id }] = await this.sql.query<{ id: number }>(ALERT_SYNC_SQL.newest);
    return id;
  }

  /** Alerts above `lastId` and the listed missing ids, in id order, at most `take`. */
  alertsSince(lastId: number, missingIds: number[], take: number): Promise<AlertSyncRow[]> {
    return this.sql.query<AlertSyncRow>(ALERT_SYNC_SQL.since, [lastId, missingIds, take]);
  }

  // Notices

  /** A search pattern changes the best plan (trigram index or the recency index): then not prepared. */
  noticePage(values: unknown[], withCursor: boolean, searchParam: string | null, take: string): Promise<NoticeRow[]> {
    return this.sql.query<NoticeRow>(noticePageSql(withCursor, searchParam, take), values, { prepare: !searchParam });
  }

  async noticeById(id: number): Promise<NoticeRow | undefined> {
    const [row] = await this.sql.query<NoticeRow>(NOTICE_SQL.byId, [id]);
    return row;
  }

  async insertNotice(userId: number, content: string, mediaId: number | null, mediaUrl: string | null): Promise<number> {
    const { id } = await this.database.db
      .insertInto('system_notices')
      .values({ user_id: userId, content, media_id: mediaId, media_url: mediaUrl })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  lockNotice(trx: Db, id: number): Promise<LockedNotice | undefined> {
    return trx.selectFrom('system_notices').select(['id', 'user_id', 'media_id', 'media_url']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** New text, and a new file when `media` is given. */
  async updateNotice(trx: Db, id: number, content: string, media?: { id: number; url: string }): Promise<void> {
    await trx
      .updateTable('system_notices')
      .set({ content, updated_at: sql`now()`, ...(media ? { media_id: media.id, media_url: media.url } : {}) })
      .where('id', '=', id)
      .execute();
  }

  async deleteNotice(trx: Db, id: number): Promise<void> {
    await trx.deleteFrom('system_notices').where('id', '=', id).execute();
  }

  // Alert settings

  async mutedTypes(userId: number): Promise<AlertType[]> {
    const rows = await this.database.db.selectFrom('alert_mutes').select('type').where('user_id', '=', userId).execute();
    return rows.map((r) => r.type as AlertType);
  }

  /** Turns `off` types off and `on` types on for `userId`, in one transaction. */
  async setMutes(userId: number, off: AlertType[], on: AlertType[]): Promise<void> {
    await this.transaction(async (trx) => {
      if (off.length) {
        await trx
          .insertInto('alert_mutes')
          .values(off.map((type) => ({ user_id: userId, type })))
          .onConflict((oc) => oc.columns(['user_id', 'type']).doNothing())
          .execute();
      }
      if (on.length) await trx.deleteFrom('alert_mutes').where('user_id', '=', userId).where('type', 'in', on).execute();
    });
  }

  // Push switches (Web Push, decision 0096)

  async pushMutedTypes(userId: number): Promise<PushType[]> {
    const rows = await this.database.db.selectFrom('push_mutes').select('type').where('user_id', '=', userId).execute();
    return rows.map((r) => r.type as PushType);
  }

  /** Turns the pushes of `off` types off and of `on` types on for `userId`, in one transaction. */
  async setPushMutes(userId: number, off: PushType[], on: PushType[]): Promise<void> {
    await this.transaction(async (trx) => {
      if (off.length) {
        await trx
          .insertInto('push_mutes')
          .values(off.map((type) => ({ user_id: userId, type })))
          .onConflict((oc) => oc.columns(['user_id', 'type']).doNothing())
          .execute();
      }
      if (on.length) await trx.deleteFrom('push_mutes').where('user_id', '=', userId).where('type', 'in', on).execute();
    });
  }

  /** Which of `userIds` turned the pushes of `type` off. */
  async pushMutedAmong(userIds: number[], type: PushType): Promise<number[]> {
    if (!userIds.length) return [];
    const rows = await this.database.db.selectFrom('push_mutes').select('user_id').where('type', '=', type).where('user_id', 'in', userIds).execute();
    return rows.map((r) => r.user_id);
  }

  /** Each member's unseen alerts (at most 99). */
  unseenCounts(userIds: number[]): Promise<{ user_id: number; unseen: number }[]> {
    return this.sql.query<{ user_id: number; unseen: number }>(PUSH_FACTS_SQL.unseen, [userIds]);
  }

  /** The distinct actors of an alert's group up to it (0 when the alert is gone). */
  async groupActors(alertId: number, recipientId: number): Promise<number> {
    const [row] = await this.sql.query<{ actors: number }>(PUSH_FACTS_SQL.groupActors, [alertId, recipientId]);
    return row?.actors ?? 0;
  }

  // Unseen state

  async status(userId: number): Promise<StatusRow | undefined> {
    const [row] = await this.sql.query<StatusRow>(STATUS_SQL, [userId]);
    return row;
  }

  /** An upsert that never moves a seen time back (notifications.sql.ts). */
  async markSeen(userId: number, kind: NotificationSeenKind): Promise<void> {
    await this.database.db.executeQuery(CompiledQuery.raw(SEEN_SQL[kind], [userId]));
  }
}
