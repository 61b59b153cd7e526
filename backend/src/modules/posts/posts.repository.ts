import { Inject, Injectable } from '@nestjs/common';
import { CompiledQuery, sql, type Selectable } from 'kysely';
import type { PostCounts } from '@cloud9/contracts';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import type { PostEdits, Posts } from '../../database/schema';
import { type FeedFilter, feedPageSql, followingPlanOf, type ListKind, listPageSql, pinnedCandidatesSql, tagPageSql } from './feed.sql';
import type { TimeCursor } from '../../common/db/cursor';
import type { PagedPostRow, PostRow } from './post-row';
import { ACCOUNT_DELETION_SQL, likersPageSql, POSTS_BY_IDS, READ_SQL, THREAD_CHAIN, viewerFlagsSql } from './posts.sql';
import { limitLiteral } from '../../common/db/sql-params';
import type { Hiding } from '../safety/public';
import type { AccountPageRow } from '../users/public';

export type NewPost = Pick<Selectable<Posts>, 'user_id' | 'parent_id' | 'content' | 'category' | 'media_id' | 'media_url' | 'media_alt' | 'gif_url'> & RichTextFacts;
/** What a post's text refers to: the mentioned accounts' ids and the tags, in text order. */
export type RichTextFacts = Pick<Selectable<Posts>, 'mention_ids' | 'tags'>;
export type LockedPost = Pick<Selectable<Posts>, 'id' | 'user_id' | 'parent_id' | 'content' | 'created_at'>;
export type PostRef = Pick<Selectable<Posts>, 'id' | 'user_id' | 'parent_id' | 'reposts_count'>;
export type PostFile = Pick<Selectable<Posts>, 'media_id'> & { media_url: string };
export type ViewerFlags = Pick<PostRow, 'liked_by_me' | 'reposted_by_me' | 'bookmarked_by_me'> & { not_interested: boolean };
export type ReactionTable = 'likes' | 'reposts';
export type ReactionCounter = 'likes_count' | 'reposts_count';

/**
 * A counter's new value and the order of the write that set it: the WAL position when the UPDATE
 * ran, read under the row's lock, so a later write of the same row always has a higher one (it waits
 * for the earlier one's commit, whose record lies past it). Caches take a count only if it is newer
 * than the last they heard (count messages from two instances can arrive out of commit order).
 */
export interface VersionedCount {
  count: number;
  version: number;
}

const COUNT_VERSION = sql<string>`(pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::text`.as('version');

const versioned = (row: { count: number; version: string }): VersionedCount => ({ count: row.count, version: Number(row.version) });

/**
 * The only code that runs the SQL of posts, post_edits, likes and reposts. Reads of posts are the
 * hand-tuned statements of posts.sql.ts / feed.sql.ts, run as prepared statements (feeds, pages and
 * profiles through a reader: the read replica when one is set); writes are built with Kysely and
 * take part in the caller's transaction.
 */
@Injectable()
export class PostsRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    super(database);
  }

  /** Takes the account's likes, reposts and replies out of other people's posts' counters, in the deletion's `trx`. */
  async uncountAccount(trx: Db, userId: number): Promise<void> {
    for (const statement of ACCOUNT_DELETION_SQL) await trx.executeQuery(CompiledQuery.raw(statement, [userId]));
  }

  // Reads

  byIds(ids: number[], viewerId: number | null): Promise<PostRow[]> {
    return this.sql.reader(viewerId).query<PostRow>(POSTS_BY_IDS, [viewerId, ids]);
  }

  /** The post (last) under its ancestors (root first, at most THREAD.ancestorsMax); empty when there is no such post. */
  threadChain(id: number, viewerId: number | null): Promise<PostRow[]> {
    return this.sql.reader(viewerId).query<PostRow>(THREAD_CHAIN, [viewerId, id]);
  }

  pinnedCandidates(filter: FeedFilter): Promise<PostRow[]> {
    const { sql: text, params } = pinnedCandidatesSql(filter);
    return this.sql.reader(filter.viewerId).query<PostRow>(text, params);
  }

  /** Every filter has one good plan, a text too (it is judged on a bounded walk): prepared. */
  feedPage(filter: FeedFilter, after: TimeCursor | undefined, pinnedIds: number[], take: number): Promise<PagedPostRow[]> {
    const { sql: text, params } = feedPageSql(filter, after, pinnedIds, take, followingPlanOf(filter), this.settings.feedScanLimit);
    return this.sql.reader(filter.viewerId).query<PagedPostRow>(text, params);
  }

  /** The posts among `ids` that the viewer liked, reposted, bookmarked or (`notInterested`: probed) marked Not interested, with which. */
  async viewerFlags(viewerId: number, ids: number[], notInterested: boolean): Promise<Map<number, ViewerFlags>> {
    const rows = await this.sql.reader(viewerId).query<ViewerFlags & { id: number }>(viewerFlagsSql(notInterested), [viewerId, ids]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  listPage(kind: ListKind, ownerId: number, viewerId: number | null, after: TimeCursor | undefined, take: number, hiding: Hiding): Promise<PagedPostRow[]> {
    const { sql: text, params } = listPageSql(kind, ownerId, viewerId, after, take, hiding, this.settings.feedScanLimit);
    return this.sql.reader(viewerId).query<PagedPostRow>(text, params);
  }

  tagPage(tag: string, viewerId: number | null, after: TimeCursor | undefined, take: number, hiding: Hiding): Promise<PagedPostRow[]> {
    const { sql: text, params } = tagPageSql(tag, viewerId, after, take, hiding, this.settings.feedScanLimit);
    return this.sql.reader(viewerId).query<PagedPostRow>(text, params);
  }

  /** A page of a post's likers, without the accounts in `unseen`; `take` rows at most. */
  likersPage(postId: number, viewerId: number | null, unseen: readonly number[], after: TimeCursor | undefined, take: number): Promise<AccountPageRow[]> {
    const values: unknown[] = [postId, viewerId, unseen, ...(after ? [after.time, after.id] : [])];
    return this.sql.reader(viewerId).query<AccountPageRow>(likersPageSql(!!after, limitLiteral(take)), values);
  }

  async ref(id: number): Promise<PostRef | undefined> {
    const [row] = await this.sql.query<PostRef>(READ_SQL.exists, [id]);
    return row;
  }

  async userIdByName(username: string): Promise<number | undefined> {
    const [row] = await this.sql.reader(null).query<{ id: number }>(READ_SQL.userByName, [username]);
    return row?.id;
  }

  async counts(userId: number): Promise<PostCounts> {
    const [row] = await this.sql.reader(null).query<PostCounts>(READ_SQL.counts, [userId]);
    return row;
  }

  history(postId: number): Promise<Pick<Selectable<PostEdits>, 'content' | 'edited_at'>[]> {
    return this.sql.query(READ_SQL.history, [postId]);
  }

  // Writes

  /** A post or reply with its mentions and tags; its id and time. */
  async insert(trx: Db, post: NewPost): Promise<{ id: number; created_at: Date }> {
    const row = await trx.insertInto('posts').values(post).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    await this.recordFacts(trx, row.id, post);
    return row;
  }

  /**
   * The ids of the accounts named (any case), in the order given; names of nobody are left out. The
   * rows are locked (FOR KEY SHARE) until `trx` ends, so an account being deleted meanwhile is either
   * waited for and left out, or still there when its post_mentions row is written.
   */
  async accountIds(trx: Db, usernames: string[]): Promise<number[]> {
    if (!usernames.length) return [];
    const { rows } = await sql<{ id: number }>`
      SELECT u.id FROM unnest(${usernames}::text[]) WITH ORDINALITY x(name, n) JOIN users u ON u.username = x.name::citext
       ORDER BY x.n FOR KEY SHARE OF u`.execute(trx);
    return rows.map((r) => r.id);
  }

  /** The post_mentions and post_tags rows of a post's facts (its row already carries them). */
  private async recordFacts(trx: Db, postId: number, facts: RichTextFacts): Promise<void> {
    if (facts.mention_ids.length) {
      await sql`INSERT INTO post_mentions (post_id, user_id) SELECT ${postId}, unnest(${facts.mention_ids}::bigint[]) ON CONFLICT DO NOTHING`.execute(trx);
    }
    if (facts.tags.length) {
      await sql`INSERT INTO post_tags (post_id, tag, user_id, created_at)
                SELECT p.id, t.tag, p.user_id, p.created_at FROM posts p CROSS JOIN unnest(${facts.tags}::text[]) t(tag)
                 WHERE p.id = ${postId} ON CONFLICT DO NOTHING`.execute(trx);
    }
  }

  /** Mentions and tags the post's text no longer has go; new ones are recorded. */
  private async replaceFacts(trx: Db, postId: number, facts: RichTextFacts): Promise<void> {
    await sql`DELETE FROM post_mentions WHERE post_id = ${postId} AND user_id <> ALL(${facts.mention_ids}::bigint[])`.execute(trx);
    await sql`DELETE FROM post_tags WHERE post_id = ${postId} AND tag <> ALL(${facts.tags}::text[])`.execute(trx);
    await this.recordFacts(trx, postId, facts);
  }

  /** Before an account is deleted, in its transaction: posts that mention it stop listing its id. */
  async forgetMentionsOf(trx: Db, userId: number): Promise<void> {
    await sql`UPDATE posts p SET mention_ids = array_remove(p.mention_ids, ${userId}::bigint)
               FROM post_mentions pm WHERE pm.user_id = ${userId} AND p.id = pm.post_id`.execute(trx);
  }

  /** Locks the parent and counts the reply (answering its new count); undefined when the parent is missing. */
  /** Counts a new reply on its parent (under the parent's row lock): the parent's category, author and new count with its version. */
  async countReply(trx: Db, parentId: number): Promise<(Pick<Selectable<Posts>, 'category' | 'user_id'> & VersionedCount) | undefined> {
    const row = await trx
      .updateTable('posts')
      .set((eb) => ({ replies_count: eb('replies_count', '+', 1) }))
      .where('id', '=', parentId)
      .returning(['category', 'user_id', 'replies_count as count', COUNT_VERSION])
      .executeTakeFirst();
    return row && { category: row.category, user_id: row.user_id, ...versioned(row) };
  }

  /** Counts a reply less on its parent: the new count with its version. */
  async uncountReply(trx: Db, parentId: number): Promise<VersionedCount | undefined> {
    const row = await trx
      .updateTable('posts')
      .set((eb) => ({ replies_count: eb('replies_count', '-', 1) }))
      .where('id', '=', parentId)
      .returning(['replies_count as count', COUNT_VERSION])
      .executeTakeFirst();
    return row && versioned(row);
  }

  lock(trx: Db, id: number): Promise<LockedPost | undefined> {
    return trx.selectFrom('posts').select(['id', 'user_id', 'parent_id', 'content', 'created_at']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** The MIME type of a post's upload (null without one), read in the caller's transaction. */
  async mediaMime(trx: Db, postId: number): Promise<string | null> {
    const row = await trx
      .selectFrom('posts as p')
      .innerJoin('media as m', 'm.id', 'p.media_id')
      .select('m.mime')
      .where('p.id', '=', postId)
      .executeTakeFirst();
    return row?.mime ?? null;
  }

  /** The old text goes to post_edits, the new one (with its mentions and tags) into the post; `mediaAlt` undefined keeps the description. */
  async applyEdit(trx: Db, postId: number, oldContent: string, content: string, facts: RichTextFacts, mediaAlt?: string | null): Promise<void> {
    await trx.insertInto('post_edits').values({ post_id: postId, content: oldContent, edited_at: sql`now()` }).execute();
    await trx
      .updateTable('posts')
      .set({ content, mention_ids: facts.mention_ids, tags: facts.tags, ...(mediaAlt !== undefined && { media_alt: mediaAlt }), edited_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', postId)
      .execute();
    await this.replaceFacts(trx, postId, facts);
  }

  /** Moves boosted posts up the pinned order (their updated_at). */
  async touch(trx: Db, ids: number[]): Promise<void> {
    await trx.updateTable('posts').set({ updated_at: sql`now()` }).where('id', 'in', ids).execute();
  }

  /** Files of a post and all its descendant replies (to remove after the delete commits). */
  async treeFiles(trx: Db, postId: number): Promise<PostFile[]> {
    const { rows } = await sql<PostFile>`
      WITH RECURSIVE tree AS (
        SELECT id, media_id, media_url FROM posts WHERE id = ${postId}
        UNION ALL
        SELECT c.id, c.media_id, c.media_url FROM posts c JOIN tree t ON c.parent_id = t.id
      )
      SELECT media_id, media_url FROM tree WHERE media_url IS NOT NULL`.execute(trx);
    return rows;
  }

  async delete(trx: Db, postId: number): Promise<void> {
    await trx.deleteFrom('posts').where('id', '=', postId).execute();
  }

  /** The viewer's like or repost; false when it was already there. */
  async addReaction(trx: Db, table: ReactionTable, userId: number, postId: number): Promise<boolean> {
    const rows = await trx.insertInto(table).values({ user_id: userId, post_id: postId }).onConflict((oc) => oc.doNothing()).returning('post_id').execute();
    return rows.length > 0;
  }

  /** False when there was none. */
  async removeReaction(trx: Db, table: ReactionTable, userId: number, postId: number): Promise<boolean> {
    const rows = await trx.deleteFrom(table).where('user_id', '=', userId).where('post_id', '=', postId).returning('post_id').execute();
    return rows.length > 0;
  }

  /** Moves a reaction counter by ±1 and answers its new value with its version. */
  async moveCounter(trx: Db, counter: ReactionCounter, postId: number, by: 1 | -1): Promise<VersionedCount> {
    const row = await trx
      .updateTable('posts')
      .set((eb) => ({ [counter]: eb(counter, '+', by) }))
      .where('id', '=', postId)
      .returning([sql<number>`${sql.ref(counter)}`.as('count'), COUNT_VERSION])
      .executeTakeFirstOrThrow();
    return versioned(row);
  }

  /** A reaction counter; undefined when the post is missing. */
  async counter(trx: Db, counter: ReactionCounter, postId: number): Promise<number | undefined> {
    const row = await trx.selectFrom('posts').select(counter).where('id', '=', postId).executeTakeFirst();
    return row ? (row as Record<ReactionCounter, number>)[counter] : undefined;
  }
}
