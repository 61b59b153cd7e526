import { Injectable, NotFoundException } from '@nestjs/common';
import { LIMITS, MESSAGES, orderFeed, type FollowUser, type Page, type Post, type PostCounts, type PostEdit, type PostThread } from '@cloud9/contracts';
import { decodeTimeCursor } from '../../common/db/cursor';
import { FilteredReads } from '../../common/rate-limit/filtered-reads';
import { accountsOnly, hidesPost, NOTHING_HIDDEN, type Hiding } from '../safety/public';
import { HidingService, type PostReader } from '../safety/hiding.service';
import type { FeedFilter, ListKind } from './feed.sql';
import { SharedPageCache } from './shared-page-cache';
import { toPost } from './post-row';
import { PostsRepository, type PostRef } from './posts.repository';
import { timeCursorOf, toPage } from '../../common/db/page';
import { toAccountListItem } from '../users/public';

const NO_ONE: ReadonlySet<number> = new Set();

/**
 * The pinned head of a feed: the admin-boosted post, then up to 3 user-boosted posts
 * by updatedAt — exactly the prefix orderFeed puts first.
 */
export function pinnedPosts(candidates: Post[]): Post[] {
  const ordered = orderFeed(candidates);
  const admin = ordered.some((p) => p.isAdminBoosted) ? LIMITS.adminBoostedSlots : 0;
  const boosted = ordered.slice(admin).filter((p) => p.isBoosted).length;
  return ordered.slice(0, admin + Math.min(boosted, LIMITS.userBoostedSlots));
}

/** A reply's original as `viewer` sees it: the parent, null when it is gone, or null and hidden when its author is in `hidden`. */
const originalOf = (parent: Post | undefined, hidden: ReadonlySet<number>): Pick<Post, 'originalPost' | 'originalHidden'> =>
  parent && hidden.has(parent.user_id) ? { originalPost: null, originalHidden: true } : { originalPost: parent ?? null };

/** Reads of posts: feeds, single posts, threads and profile lists. Each page is ≤ 3 statements. */
@Injectable()
export class FeedService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly pages: SharedPageCache,
    private readonly hiding: HidingService,
    /** A viewer's own page reads (their hide rule or search text keeps them from the shared pages): at most FILTERED_READS_PER_VIEWER at once. */
    private readonly filteredReads: FilteredReads,
  ) {}

  /**
   * Adds `originalPost` to replies, with one statement for all their parents; an original by an
   * account `hiding` leaves out is null with `originalHidden`, a deleted one null.
   */
  async attachOriginals(items: Post[], viewerId: number | null, hiding: Pick<Hiding, 'authorSet'> = NOTHING_HIDDEN): Promise<Post[]> {
    const parentIds = [...new Set(items.map((p) => p.parent_id).filter((id): id is number => id !== null))];
    if (!parentIds.length) return items;
    const parents = new Map((await this.byIds(parentIds, viewerId)).map((p) => [p.id, p]));
    return items.map((p) => (p.parent_id === null ? p : { ...p, ...originalOf(parents.get(p.parent_id), hiding.authorSet) }));
  }

  async byIds(ids: number[], viewerId: number | null): Promise<Post[]> {
    return (await this.posts.byIds(ids, viewerId)).map(toPost);
  }

  /**
   * Home feeds: pinned boosts on the first page, then keyset pages by created_at; each post once
   * (pinned ids are left out of the keyset part of every page). `pinBoosts` false gives plain recency.
   * What the viewer hides is left out in SQL (one account's posts, `authors`, by account only).
   * The pages every viewer shares (no search, author or following filter) come from SharedPageCache
   * as everyone sees them, with the viewer's own flags added by asSeenBy, which reads the page
   * again for the viewer when their hide rule takes anything off it; a viewer's following pages
   * are kept for them.
   */
  async feed(filter: FeedFilter, limit: number, cursor?: string, pinBoosts = true): Promise<Page<Post>> {
    const hidden = await this.hiding.forViewer(filter.viewerId);
    const own: FeedFilter = { ...filter, hiding: filter.authors.length ? accountsOnly(hidden) : hidden };
    if (filter.following && filter.viewerId !== null && pinBoosts && !filter.text && !filter.authors.length) {
      const key = `${filter.category ?? ''}|${limit}|${cursor ?? ''}`;
      return this.pages.getOwn('following', filter.viewerId, key, () => this.filteredReads.run(filter.viewerId, () => this.load(own, limit, cursor, true)));
    }
    if (!pinBoosts || filter.following || filter.text || filter.authors.length) return this.filteredReads.run(filter.viewerId, () => this.load(own, limit, cursor, pinBoosts));
    const key = `${filter.category ?? ''}|${limit}|${cursor ?? ''}`;
    const everyone = filter.viewerId === null ? hidden : await this.hiding.forEveryone();
    const load = () => this.load({ ...filter, viewerId: null, hiding: everyone }, limit, cursor, true);
    return this.pages.get('feed', key, load, filter.viewerId, (page, viewerId) => this.asSeenBy(page, viewerId, hidden, () => this.load(own, limit, cursor, true)));
  }

  private async load(filter: FeedFilter, limit: number, cursor: string | undefined, pinBoosts: boolean): Promise<Page<Post>> {
    const after = decodeTimeCursor(cursor);
    const pinned = pinBoosts ? pinnedPosts((await this.posts.pinnedCandidates(filter)).map(toPost)) : [];
    const rows = await this.posts.feedPage(filter, after, pinned.map((p) => p.id), limit + 1);
    const { items, nextCursor } = toPage(rows, limit, toPost, timeCursorOf);
    return { items: after ? items : [...pinned, ...items], nextCursor };
  }

  /**
   * A page read for a signed-out viewer as `viewerId` sees it: copies of the posts (and replies'
   * originals) they liked, reposted or bookmarked, the others as they are; one statement. When
   * `hiding` takes a post off the page (its author or words, checked here; Not interested, probed
   * by the same statement) or a reply's original, the page is `read` for the viewer instead, so it
   * stays full and its cursor exact.
   */
  async asSeenBy(page: Page<Post>, viewerId: number, hiding: Hiding, read: () => Promise<Page<Post>>): Promise<Page<Post>> {
    if (!page.items.length) return page;
    if (page.items.some((p) => hidesPost(hiding, p) || (p.originalPost && hiding.authorSet.has(p.originalPost.user_id)))) return this.filteredReads.run(viewerId, read);
    const flags = await this.posts.viewerFlags(viewerId, [...new Set(page.items.flatMap((p) => (p.originalPost ? [p.id, p.originalPost.id] : [p.id])))], hiding.notInterested);
    if (!flags.size) return page;
    if (page.items.some((p) => flags.get(p.id)?.not_interested)) return this.filteredReads.run(viewerId, read);
    const seen = (p: Post): Post => {
      const mine = flags.get(p.id);
      const original = p.originalPost ? seen(p.originalPost) : p.originalPost;
      if (!mine && original === p.originalPost) return p;
      const own = mine ? { likedByMe: mine.liked_by_me, repostedByMe: mine.reposted_by_me, bookmarked: mine.bookmarked_by_me } : {};
      return { ...p, ...own, ...(original !== undefined ? { originalPost: original } : {}) };
    };
    return { items: page.items.map(seen), nextCursor: page.nextCursor };
  }

  /** What `viewerId` does not see, and what nobody sees (the shared pages' rule). */
  async hidingOf(viewerId: number | null): Promise<{ viewer: Hiding; everyone: Hiding }> {
    const viewer = await this.hiding.forViewer(viewerId);
    return { viewer, everyone: viewerId === null ? viewer : await this.hiding.forEveryone() };
  }

  /**
   * One post as `reader` may see it (HidingService.unseenBy): a post by an account they may not see
   * is a 404, as a missing one; its original by such an account is null with `originalHidden`.
   */
  async post(id: number, reader: PostReader): Promise<Post> {
    const viewerId = reader?.id ?? null;
    const [unseen, [post]] = await Promise.all([this.hiding.unseenBy(reader), this.byIds([id], viewerId)]);
    if (!post || unseen.has(post.user_id)) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
    const [withOriginal] = await this.attachOriginals([post], viewerId, { authorSet: unseen });
    return withOriginal;
  }

  /** The accounts whose posts `reader` may not see even by id (HidingService.unseenBy). */
  unseenBy(reader: PostReader): Promise<ReadonlySet<number>> {
    return this.hiding.unseenBy(reader);
  }

  /** The post, and the accounts `reader` may not see (none asked without a reader); 404 when it is gone or its author is among them. */
  private async requirePost(id: number, reader?: PostReader): Promise<{ post: PostRef; unseen: ReadonlySet<number> }> {
    const [post, unseen] = await Promise.all([this.posts.ref(id), reader === undefined ? NO_ONE : this.hiding.unseenBy(reader)]);
    if (!post || unseen.has(post.user_id)) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
    return { post, unseen };
  }

  async userId(username: string): Promise<number> {
    const id = await this.posts.userIdByName(username);
    if (id === undefined) throw new NotFoundException(MESSAGES.profile.userNotFound);
    return id;
  }

  /**
   * The posts and replies carrying `tag` (normalised), newest first, replies with their originalPost;
   * no pinned boosts. Every viewer shares the pages (SharedPageCache, as search pages: an edit or a
   * new reply may change which posts carry the tag), with their own flags added.
   */
  async byTag(tag: string, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const after = decodeTimeCursor(cursor);
    const hiding = await this.hidingOf(viewerId);
    const read = (viewer: number | null, rule: Hiding) => async () => {
      const page = toPage(await this.posts.tagPage(tag, viewer, after, limit + 1, rule), limit, toPost, timeCursorOf);
      return { items: await this.attachOriginals(page.items, viewer, rule), nextCursor: page.nextCursor };
    };
    const load = read(null, hiding.everyone);
    return this.pages.get('search', `tag:${tag}|${limit}|${cursor ?? ''}`, load, viewerId, (page, viewer) => this.asSeenBy(page, viewer, hiding.viewer, read(viewer, hiding.viewer)));
  }

  /** A post's replies, oldest first, each with the post as originalPost. */
  async replies(postId: number, reader: PostReader, limit: number, cursor?: string): Promise<Page<Post>> {
    decodeTimeCursor(cursor); // a malformed cursor is a 400 before any read
    const viewerId = reader?.id ?? null;
    await this.requirePost(postId, reader);
    const page = await this.replyPage(postId, viewerId, limit, cursor);
    return { items: await this.attachOriginals(page.items, viewerId), nextCursor: page.nextCursor };
  }

  /**
   * A post with its ancestors (root first, the nearest THREAD.ancestorsMax) and a page of its
   * replies as `replies` pages them (same order, same cursor). Two statements: the chain, then the
   * replies, whose originalPost is the post already read. A post by an account the reader may not
   * see is a 404; the ancestors stop below the first such post, and the post (or the first ancestor
   * shown) under it says `originalHidden`.
   */
  async thread(postId: number, reader: PostReader, limit: number, cursor?: string): Promise<PostThread> {
    decodeTimeCursor(cursor); // a malformed cursor is a 400 before any read
    const viewerId = reader?.id ?? null;
    const [rows, unseen] = await Promise.all([this.posts.threadChain(postId, viewerId), this.hiding.unseenBy(reader)]);
    const chain = rows.map(toPost);
    const bare = chain.at(-1);
    if (!bare || bare.id !== postId || unseen.has(bare.user_id)) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
    let top = chain.length - 1;
    while (top > 0 && !unseen.has(chain[top - 1].user_id)) top -= 1;
    const ancestors = chain.slice(top, -1);
    if (top > 0 && ancestors.length) ancestors[0] = { ...ancestors[0], originalPost: null, originalHidden: true };
    const post = bare.parent_id === null ? bare : { ...bare, ...originalOf(ancestors.at(-1) ?? chain[top - 1], unseen) };
    const page = await this.replyPage(postId, viewerId, limit, cursor);
    return { ancestors, post, replies: { items: page.items.map((reply) => ({ ...reply, originalPost: bare })), nextCursor: page.nextCursor } };
  }

  /** Replies by accounts the viewer does not see are left out. */
  private async replyPage(postId: number, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const hiding = accountsOnly(await this.hiding.forViewer(viewerId));
    return toPage(await this.posts.listPage('thread', postId, viewerId, decodeTimeCursor(cursor), limit + 1, hiding), limit, toPost, timeCursorOf);
  }

  /**
   * A profile's replies, liked posts, reposts or media, newest first, without the posts of accounts
   * the viewer does not see; the reposts of such a profile are theirs too, so none are listed.
   */
  async profileList(kind: Exclude<ListKind, 'thread'>, username: string, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const after = decodeTimeCursor(cursor);
    const ownerId = await this.userId(username);
    const hiding = accountsOnly(await this.hiding.forViewer(viewerId));
    if (kind === 'reposts' && hiding.authorSet.has(ownerId)) return { items: [], nextCursor: null };
    const rows = await this.filteredReads.run(hiding.authors.length ? viewerId : null, () => this.posts.listPage(kind, ownerId, viewerId, after, limit + 1, hiding));
    const page = toPage(rows, limit, toPost, timeCursorOf);
    return { items: await this.attachOriginals(page.items, viewerId, hiding), nextCursor: page.nextCursor };
  }

  async counts(username: string): Promise<PostCounts> {
    return this.posts.counts(await this.userId(username));
  }

  async repostCount(postId: number): Promise<{ count: number }> {
    return { count: (await this.requirePost(postId)).post.reposts_count };
  }

  async history(postId: number, reader: PostReader): Promise<{ items: PostEdit[] }> {
    await this.requirePost(postId, reader);
    const rows = await this.posts.history(postId);
    return { items: rows.map((r) => ({ content: r.content, editedAt: r.edited_at.toISOString() })) };
  }

  /** A page of a post's likers, newest like first, without the accounts `reader` may not see (a block either way, a suspension). */
  async likers(postId: number, reader: PostReader, limit: number, cursor?: string): Promise<Page<FollowUser>> {
    const after = decodeTimeCursor(cursor);
    const { unseen } = await this.requirePost(postId, reader);
    const rows = await this.posts.likersPage(postId, reader?.id ?? null, [...unseen], after, limit + 1);
    return toPage(rows, limit, toAccountListItem, timeCursorOf);
  }
}
