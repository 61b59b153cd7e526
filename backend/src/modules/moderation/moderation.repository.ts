import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { GroupId, type ReportTargetType } from '@cloud9/contracts';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import type { TimeCursor } from '../../common/db/cursor';
import { oneReportSql, queuePageSql, suspendedUntilSql, type ReportRow } from './moderation.sql';

export interface NewReport {
  reporter_id: number;
  target_type: ReportTargetType;
  target_key: string;
  target_user_id: number;
  target_post_id: number | null;
  reason: string;
  comment: string | null;
  post_ids: number[];
  /** A message report's copy of the messages (ReportedMessage[] as JSON text). */
  messages: string | null;
}

/** A report claimed for one action: the target it concerns. */
export interface ClaimedReport {
  id: number;
  target_type: ReportTargetType;
  target_key: string;
  target_user_id: number;
  target_post_id: number | null;
  reporter_id: number;
}

/** The only code that writes reports and suspensions. */
@Injectable()
export class ModerationRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
  ) {
    super(database);
  }

  async postAuthor(postId: number): Promise<number | undefined> {
    const row = await this.database.db.selectFrom('posts').select('user_id').where('id', '=', postId).executeTakeFirst();
    return row?.user_id;
  }

  async account(userId: number): Promise<{ id: number; group_id: number } | undefined> {
    return this.database.db.selectFrom('users').select(['id', 'group_id']).where('id', '=', userId).executeTakeFirst();
  }

  /** The new report's id; a second open report of the same reporter on the same target fails on reports_one_open. */
  async insertReport(report: NewReport): Promise<number> {
    const row = await this.database.db.insertInto('reports').values(report).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  queuePage(status: string, reason: string | undefined, cursor: TimeCursor | undefined, take: number): Promise<ReportRow[]> {
    const { sql: text, params } = queuePageSql(status, reason, cursor, take);
    return this.sql.query<ReportRow>(text, params);
  }

  async report(id: number): Promise<ReportRow | undefined> {
    const [row] = await this.sql.query<ReportRow>(oneReportSql, [id]);
    return row;
  }

  async reportStatus(id: number): Promise<string | undefined> {
    const row = await this.database.db.selectFrom('reports').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status;
  }

  /** Marks an open report handled by `action`; undefined when it is not open (handled meanwhile, or missing). */
  claim(trx: Db, id: number, action: string, text: string | null, byId: number): Promise<ClaimedReport | undefined> {
    return trx
      .updateTable('reports')
      .set({ status: 'resolved', action, action_text: text, handled_by: byId, handled_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning(['id', 'target_type', 'target_key', 'target_user_id', 'target_post_id', 'reporter_id'])
      .executeTakeFirst() as Promise<ClaimedReport | undefined>;
  }

  /** Gives claimed reports back to the queue when their action failed. */
  async reopen(ids: number[]): Promise<void> {
    await this.database.db.updateTable('reports').set({ status: 'open', action: null, action_text: null, handled_by: null, handled_at: null }).where('id', 'in', ids).execute();
  }

  /** The other open reports on the same target are settled by the same action; answers them (id and reporter). */
  resolveOthers(trx: Db, targetKey: string, action: string, text: string | null, byId: number): Promise<{ id: number; reporter_id: number }[]> {
    return trx
      .updateTable('reports')
      .set({ status: 'resolved', action, action_text: text, handled_by: byId, handled_at: sql`now()` })
      .where('target_key', '=', targetKey)
      .where('status', '=', 'open')
      .returning(['id', 'reporter_id'])
      .execute();
  }

  async suspend(trx: Db, userId: number, until: Date | 'infinity', byId: number, reason: string | null): Promise<void> {
    await trx
      .insertInto('suspensions')
      .values({ user_id: userId, until: until === 'infinity' ? 'infinity' : until, by_id: byId, reason })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ until: until === 'infinity' ? 'infinity' : until, by_id: byId, reason, created_at: sql`now()` }))
      .execute();
  }

  /**
   * The account's running suspension, locked until `trx` ends, and whether the admin set it (its
   * setter is in the admin group, or it is for good, which only the admin sets); undefined when none.
   */
  async runningSuspension(trx: Db, userId: number): Promise<{ by_admin: boolean } | undefined> {
    const { rows } = await sql<{ by_admin: boolean }>`
      SELECT (s.until = 'infinity' OR coalesce(u.group_id = ${GroupId.Admin}, false)) AS by_admin
        FROM suspensions s LEFT JOIN users u ON u.id = s.by_id
       WHERE s.user_id = ${userId} AND s.until > now() FOR UPDATE OF s`.execute(trx);
    return rows[0];
  }

  /** False when no suspension was running. */
  async unsuspend(trx: Db, userId: number): Promise<boolean> {
    const row = await trx.deleteFrom('suspensions').where('user_id', '=', userId).returning(sql<boolean>`until > now()`.as('running')).executeTakeFirst();
    return row?.running ?? false;
  }

  /** The running suspension's end ('infinity' for good), or null. */
  async suspendedUntil(userId: number): Promise<string | null> {
    const [row] = await this.sql.query<{ until: string | null }>(suspendedUntilSql, [userId]);
    return row.until;
  }
}
