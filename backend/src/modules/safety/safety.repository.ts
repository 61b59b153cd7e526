import { Injectable } from '@nestjs/common';
import { CompiledQuery, sql } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import {
  BLOCK_SQL,
  HIDDEN_BY_VIEWER_SQL,
  hiddenPageSql,
  RUNNING_SUSPENSIONS_SQL,
  type HiddenAccountRow,
  type HiddenByViewerRow,
  type HideTable,
  type MutedWordRow,
  type RunningSuspensionRow,
} from './safety.sql';

/** The only code that writes user_mutes, user_blocks, muted_words and post_not_interested. */
@Injectable()
export class SafetyRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
  ) {
    super(database);
  }

  /** False when `userId` already hid `targetId` there; a missing account fails on the foreign key. In `trx` when given. */
  async hide(table: HideTable, userId: number, targetId: number, trx: Db = this.database.db): Promise<boolean> {
    const rows = await trx.insertInto(table).values({ user_id: userId, target_id: targetId }).onConflict((oc) => oc.doNothing()).returning('target_id').execute();
    return rows.length > 0;
  }

  /**
   * Adds `targetId` to `userId`'s list in `trx` unless it is there already ('exists') or the list holds
   * `max` accounts ('full'). The count runs under a transaction-scoped advisory lock of the owner's
   * list, so two additions in parallel at the cap never both pass; nothing else waits on that lock.
   */
  async hideWithin(trx: Db, table: HideTable, userId: number, targetId: number, max: number): Promise<'added' | 'exists' | 'full'> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${table}:${userId}`}, 0))`.execute(trx);
    const { rows } = await sql<{ n: number; present: boolean }>`
      SELECT count(*)::int AS n, bool_or(target_id = ${targetId}) IS TRUE AS present FROM ${sql.table(table)} WHERE user_id = ${userId}`.execute(trx);
    if (rows[0].present) return 'exists';
    if (rows[0].n >= max) return 'full';
    return (await this.hide(table, userId, targetId, trx)) ? 'added' : 'exists';
  }

  /** False when there was nothing to remove. */
  async unhide(table: HideTable, userId: number, targetId: number): Promise<boolean> {
    const rows = await this.database.db.deleteFrom(table).where('user_id', '=', userId).where('target_id', '=', targetId).returning('target_id').execute();
    return rows.length > 0;
  }

  /** $1 owner, then the keyset when given. */
  hiddenPage(table: HideTable, values: unknown[], withCursor: boolean, take: string): Promise<HiddenAccountRow[]> {
    return this.sql.query<HiddenAccountRow>(hiddenPageSql(table, withCursor, take), values);
  }

  /** Everything `viewerId` hides, in one prepared statement (read on the feeds' path). */
  async hiddenBy(viewerId: number): Promise<HiddenByViewerRow> {
    const [row] = await this.sql.query<HiddenByViewerRow>(HIDDEN_BY_VIEWER_SQL, [viewerId]);
    return row;
  }

  /** The suspensions running now; `suspensions` is the moderation module's, read here for the hide rule. */
  runningSuspensions(): Promise<RunningSuspensionRow[]> {
    return this.sql.query<RunningSuspensionRow>(RUNNING_SUSPENSIONS_SQL);
  }

  async mutedWords(userId: number): Promise<MutedWordRow[]> {
    return this.database.db.selectFrom('muted_words').select(['id', 'word', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** Holds the member's row for the rest of `trx`, so their additions run one at a time. */
  async lockOwner(trx: Db, userId: number): Promise<void> {
    await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
  }

  async countMutedWords(trx: Db, userId: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM muted_words WHERE user_id = ${userId}`.execute(trx);
    return rows[0].n;
  }

  /** The new row, or undefined when the member already mutes the word in any case. */
  async addMutedWord(trx: Db, userId: number, word: string): Promise<MutedWordRow | undefined> {
    const { rows } = await sql<MutedWordRow>`INSERT INTO muted_words (user_id, word) VALUES (${userId}, ${word})
      ON CONFLICT (user_id, lower(word)) DO NOTHING RETURNING id, word, created_at`.execute(trx);
    return rows[0];
  }

  async mutedWord(trx: Db, userId: number, word: string): Promise<MutedWordRow | undefined> {
    const { rows } = await sql<MutedWordRow>`SELECT id, word, created_at FROM muted_words WHERE user_id = ${userId} AND lower(word) = lower(${word})`.execute(trx);
    return rows[0];
  }

  /** False when the member has no muted word of that id. */
  async removeMutedWord(userId: number, id: number): Promise<boolean> {
    const rows = await this.database.db.deleteFrom('muted_words').where('user_id', '=', userId).where('id', '=', id).returning('id').execute();
    return rows.length > 0;
  }

  /** False when it was already marked; a missing post fails on the foreign key. */
  async markNotInterested(userId: number, postId: number): Promise<boolean> {
    const rows = await this.database.db
      .insertInto('post_not_interested')
      .values({ user_id: userId, post_id: postId })
      .onConflict((oc) => oc.doNothing())
      .returning('post_id')
      .execute();
    return rows.length > 0;
  }

  async unmarkNotInterested(userId: number, postId: number): Promise<boolean> {
    const rows = await this.database.db.deleteFrom('post_not_interested').where('user_id', '=', userId).where('post_id', '=', postId).returning('post_id').execute();
    return rows.length > 0;
  }

  /** Whether a block stands between `a` and `b`, either way, as `trx` sees it now. */
  async blockedBetween(trx: Db, a: number, b: number): Promise<boolean> {
    const { rows } = await trx.executeQuery(CompiledQuery.raw(BLOCK_SQL.user, [a, b]));
    return (rows[0] as { blocked: boolean }).blocked;
  }

  /** Whether a block stands between `viewerId` and the account or post's author `value` names (BLOCK_SQL), either way. */
  async blockedWith(viewerId: number, kind: keyof typeof BLOCK_SQL, value: number | string): Promise<boolean> {
    const [row] = await this.sql.query<{ blocked: boolean }>(BLOCK_SQL[kind], [viewerId, value]);
    return row.blocked;
  }
}
