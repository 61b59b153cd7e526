import { Injectable } from '@nestjs/common';
import { sql, type SelectQueryBuilder } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';

/** One export's row. */
export interface ExportRow {
  id: number;
  user_id: number;
  status: string;
  requested_at: Date;
  ready_at: Date | null;
  file: string | null;
  bytes: number | null;
}

/** Rows read per statement while an archive is written: memory stays bounded whatever the account holds. */
const EXPORT_BATCH = 500;

/** The next batch of a list: its rows after `afterId` in the order of `key`, the column each row's `key` is read from. */
const batchAfter =
  (key: string, afterId: number) =>
  <DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    qb.where(sql.ref(key), '>', afterId).orderBy(sql.ref(key)).limit(EXPORT_BATCH);

/** What the archive's lists are keyed by: a row's place in its list's order. */
export interface Keyed {
  key: number;
}

/**
 * The only code that writes `data_exports`. The archive's reads of the account's data (posts,
 * likes, follows, safety lists, alerts, media) read other modules' tables, as search does, and
 * write none of them: each list in keyset pages of EXPORT_BATCH rows.
 */
@Injectable()
export class ExportsRepository extends DomainRepository {
  constructor(database: Database) {
    super(database);
  }

  private get db() {
    return this.database.db;
  }

  /** Serialises the export requests of one account (the 7-day rule is read and written under it). */
  async lockAccount(trx: Db, userId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('data_exports'), ${userId}::int)`.execute(trx);
  }

  /** The account's latest export that counts against the 7-day rule (a failed one does not). */
  latestCounted(trx: Db, userId: number): Promise<ExportRow | undefined> {
    return trx.selectFrom('data_exports').selectAll().where('user_id', '=', userId).where('status', '<>', 'failed').orderBy('requested_at', 'desc').limit(1).executeTakeFirst() as Promise<ExportRow | undefined>;
  }

  insert(trx: Db, userId: number): Promise<ExportRow> {
    return trx.insertInto('data_exports').values({ user_id: userId }).returningAll().executeTakeFirstOrThrow() as Promise<ExportRow>;
  }

  find(id: number): Promise<ExportRow | undefined> {
    return this.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst() as Promise<ExportRow | undefined>;
  }

  /** The account's exports requested after `since`, newest first. */
  listSince(userId: number, since: Date): Promise<ExportRow[]> {
    return this.db.selectFrom('data_exports').selectAll().where('user_id', '=', userId).where('requested_at', '>', since).orderBy('requested_at', 'desc').execute() as Promise<ExportRow[]>;
  }

  /** Marks the export built; false when its row is gone (the account was deleted meanwhile). */
  async markReady(id: number, file: string, bytes: number): Promise<boolean> {
    const rows = await this.db.updateTable('data_exports').set({ status: 'ready', ready_at: new Date(), file, bytes }).where('id', '=', id).returning('id').execute();
    return rows.length > 0;
  }

  async markFailed(id: number): Promise<void> {
    await this.db.updateTable('data_exports').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** Deletes the exports requested before `before`; their files, to delete next. */
  async deleteRequestedBefore(before: Date): Promise<{ count: number; files: string[] }> {
    const rows = await this.db.deleteFrom('data_exports').where('requested_at', '<', before).returning(['id', 'file']).execute();
    return { count: rows.length, files: rows.flatMap((row) => (row.file ? [row.file] : [])) };
  }

  /** Which of these export files still belong to a row (the rest are strays: an account deleted, a build retried). */
  async filesInUse(files: string[]): Promise<Set<string>> {
    if (!files.length) return new Set();
    const rows = await this.db.selectFrom('data_exports').select('file').where('file', 'in', files).execute();
    return new Set(rows.map((row) => row.file!));
  }

  // The archive's reads.

  account(userId: number) {
    return this.db
      .selectFrom('users as u')
      .innerJoin('groups as g', 'g.id', 'u.group_id')
      .select([
        'u.id', 'u.username', 'u.email', 'u.name', 'u.bio', sql<string | null>`u.birthdate::text`.as('birthdate'), 'u.phone', 'u.location', 'u.website',
        'u.thumbnail', 'u.background', 'g.name as plan', 'u.followers_count', 'u.following_count', 'u.created_at', 'u.updated_at',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** The account's posts (`replies` false: top-level ones; true: its replies) after `afterId`, with their edit history. */
  async posts(userId: number, replies: boolean, afterId: number) {
    const rows = await this.db
      .selectFrom('posts as p')
      .select([
        'p.id as key', 'p.id', 'p.parent_id', 'p.content', 'p.category', 'p.tags', 'p.media_url', 'p.media_alt', 'p.gif_url',
        'p.likes_count', 'p.reposts_count', 'p.replies_count', 'p.created_at', 'p.edited_at',
        sql<{ content: string; edited_at: string }[]>`COALESCE((SELECT json_agg(json_build_object('content', e.content, 'edited_at', e.edited_at) ORDER BY e.edited_at, e.id) FROM post_edits e WHERE e.post_id = p.id), '[]'::json)`.as('edits'),
      ])
      .where('p.user_id', '=', userId)
      .where((eb) => (replies ? eb('p.parent_id', 'is not', null) : eb('p.parent_id', 'is', null)))
      .$call(batchAfter('p.id', afterId))
      .execute();
    return rows.map(({ parent_id, ...row }) => (replies ? { ...row, parent_id } : row));
  }

  /** Likes or bookmarks of the account after the post `afterId`. */
  postMarks(table: 'likes' | 'bookmarks', userId: number, afterId: number) {
    return this.db.selectFrom(table).select(['post_id as key', 'post_id', 'created_at']).where('user_id', '=', userId).$call(batchAfter('post_id', afterId)).execute();
  }

  /** The accounts this one follows (`following`) or that follow it, after the account `afterId`. */
  follows(userId: number, direction: 'following' | 'followers', afterId: number) {
    const [mine, theirs] = direction === 'following' ? (['follower_id', 'followed_id'] as const) : (['followed_id', 'follower_id'] as const);
    return this.db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', `f.${theirs}`)
      .select([`f.${theirs} as key`, 'u.id as user_id', 'u.username', 'f.created_at'])
      .where(`f.${mine}`, '=', userId)
      .$call(batchAfter(`f.${theirs}`, afterId))
      .execute();
  }

  /** The accounts this one mutes or blocks, after the account `afterId`. */
  hidden(table: 'user_mutes' | 'user_blocks', userId: number, afterId: number) {
    return this.db
      // Both tables have the same columns: typed as one of them.
      .selectFrom(`${table} as h` as 'user_mutes as h')
      .innerJoin('users as u', 'u.id', 'h.target_id')
      .select(['h.target_id as key', 'u.id as user_id', 'u.username', 'h.created_at'])
      .where('h.user_id', '=', userId)
      .$call(batchAfter('h.target_id', afterId))
      .execute();
  }

  /** The direct messages the account sent (not deleted for everyone), after the message `afterId`. */
  directMessages(userId: number, afterId: number) {
    return this.db
      .selectFrom('dm_messages as m')
      .select(['m.id as key', 'm.id', 'm.conversation_id', 'm.text', 'm.media_url', 'm.gif_url', 'm.created_at'])
      .where('m.sender_id', '=', userId)
      .where('m.deleted_at', 'is', null)
      .$call(batchAfter('m.id', afterId))
      .execute();
  }

  mutedWords(userId: number, afterId: number) {
    return this.db.selectFrom('muted_words').select(['id as key', 'word', 'created_at']).where('user_id', '=', userId).$call(batchAfter('id', afterId)).execute();
  }

  /** The account's alerts (its notifications), after `afterId`. */
  alerts(userId: number, afterId: number) {
    return this.db
      .selectFrom('user_alerts as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select(['a.id as key', 'a.id', 'a.type', 'a.message', 'a.post_id', 'u.username as actor_username', 'a.created_at'])
      .where('a.recipient_id', '=', userId)
      .$call(batchAfter('a.id', afterId))
      .execute();
  }

  /** The files the account uploaded (originals: their variants are copies), after the media row `afterId`. */
  media(userId: number, afterId: number) {
    return this.db
      .selectFrom('media')
      .select(['id as key', 'storage_key', 'kind', 'mime', 'bytes'])
      .where('owner_id', '=', userId)
      .$call(batchAfter('id', afterId))
      .execute();
  }
}
