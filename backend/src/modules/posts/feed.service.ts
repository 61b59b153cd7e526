import { Injectable, NotFoundException } from '@nestjs/common';
import { LIMITS, MESSAGES, orderFeed, type Page, type Post, type PostCounts, type PostEdit } from '@cloud9/contracts';
import { SqlService } from '../../common/db/sql.service';
import { decodeTimeCursor } from '../../common/db/cursor';
import { FeedFilter, feedPageSql, ListKind, listPageSql, pinnedCandidatesSql } from './feed.sql';
import { PostRow, toPost } from './post-row';
import { POSTS_BY_IDS, READ_SQL } from './posts.sql';
import { timeCursorOf, toPage } from '../../common/db/page';

type PagedRow = PostRow & { cursor_time: string; cursor_id: number };

/**
 * The pinned head of a feed (spec §4): the admin-boosted post, then up to 3 user-boosted posts
 * by updatedAt — exactly the prefix orderFeed puts first.
 */
export function pinnedPosts(candidates: Post[]): Post[] {
  const ordered = orderFeed(candidates);
  const admin = ordered.some((p) => p.isAdminBoosted) ? LIMITS.adminBoostedSlots : 0;
  const boosted = ordered.slice(admin).filter((p) => p.isBoosted).length;
  return ordered.slice(0, admin + Math.min(boosted, LIMITS.userBoostedSlots));
}

/** Reads of posts: feeds, single posts, threads and profile lists. Each page is ≤ 3 statements. */
@Injectable()
export class FeedService {
  constructor(private readonly sql: SqlService) {}

  /** Adds `originalPost` to replies, with one statement for all their parents. */
  async attachOriginals(items: Post[], viewerId: number | null): Promise<Post[]> {
    const parentIds = [...new Set(items.map((p) => p.parent_id).filter((id): id is number => id !== null))];
    if (!parentIds.length) return items;
    const parents = new Map((await this.byIds(parentIds, viewerId)).map((p) => [p.id, p]));
    return items.map((p) => (p.parent_id === null ? p : { ...p, originalPost: parents.get(p.parent_id) ?? null }));
  }

  async byIds(ids: number[], viewerId: number | null): Promise<Post[]> {
    const rows = await this.sql.query<PostRow>(POSTS_BY_IDS, [viewerId, ids]);
    return rows.map(toPost);
  }

  /**
   * Home feeds: pinned boosts on the first page, then keyset pages by created_at; each post once
   * (pinned ids are left out of the keyset part of every page). `pinBoosts` false gives plain recency.
   */
  async feed(filter: FeedFilter, limit: number, cursor?: string, pinBoosts = true): Promise<Page<Post>> {
    const after = decodeTimeCursor(cursor);
    // A text filter's best plan depends on the word (an index walk for a common one, the GIN index
    // for a rare one): planned for it each time. Every other feed has one good plan: prepared.
    const prepare = !filter.text;
    const candidates = pinnedCandidatesSql(filter);
    const pinned = pinBoosts ? pinnedPosts((await this.sql.query<PostRow>(candidates.sql, candidates.params, { prepare })).map(toPost)) : [];
    const page = feedPageSql(filter, after, pinned.map((p) => p.id), limit + 1);
    const { items, nextCursor } = toPage(await this.sql.query<PagedRow>(page.sql, page.params, { prepare }), limit, toPost, timeCursorOf);
    return { items: after ? items : [...pinned, ...items], nextCursor };
  }

  async post(id: number, viewerId: number | null): Promise<Post> {
    const [post] = await this.byIds([id], viewerId);
    if (!post) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
    const [withOriginal] = await this.attachOriginals([post], viewerId);
    return withOriginal;
  }

  private async requirePost(id: number): Promise<{ id: number; parent_id: number | null; reposts_count: number }> {
    const [row] = await this.sql.query<{ id: number; parent_id: number | null; reposts_count: number }>(READ_SQL.exists, [id]);
    if (!row) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
    return row;
  }

  async userId(username: string): Promise<number> {
    const [row] = await this.sql.query<{ id: number }>(READ_SQL.userByName, [username]);
    if (!row) throw new NotFoundException(MESSAGES.profile.userNotFound);
    return row.id;
  }

  /** A post's replies, oldest first, each with the post as originalPost. */
  async replies(postId: number, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const after = decodeTimeCursor(cursor);
    await this.requirePost(postId);
    const { sql, params } = listPageSql('thread', postId, viewerId, after, limit + 1);
    const page = toPage(await this.sql.query<PagedRow>(sql, params), limit, toPost, timeCursorOf);
    return { items: await this.attachOriginals(page.items, viewerId), nextCursor: page.nextCursor };
  }

  /** A profile's replies, liked posts, reposts or media, newest first. */
  async profileList(kind: Exclude<ListKind, 'thread'>, username: string, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const after = decodeTimeCursor(cursor);
    const ownerId = await this.userId(username);
    const { sql, params } = listPageSql(kind, ownerId, viewerId, after, limit + 1);
    const page = toPage(await this.sql.query<PagedRow>(sql, params), limit, toPost, timeCursorOf);
    return { items: await this.attachOriginals(page.items, viewerId), nextCursor: page.nextCursor };
  }

  async counts(username: string): Promise<PostCounts> {
    const [row] = await this.sql.query<PostCounts>(READ_SQL.counts, [await this.userId(username)]);
    return row;
  }

  async repostCount(postId: number): Promise<{ count: number }> {
    return { count: (await this.requirePost(postId)).reposts_count };
  }

  async history(postId: number): Promise<{ items: PostEdit[] }> {
    await this.requirePost(postId);
    const rows = await this.sql.query<{ content: string; edited_at: Date }>(READ_SQL.history, [postId]);
    return { items: rows.map((r) => ({ content: r.content, editedAt: r.edited_at.toISOString() })) };
  }
}
