import { Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, type BookmarkResult, type Page, type Post } from '@cloud9/contracts';
import { decodeTimeCursor } from '../../common/db/cursor';
import { timeCursorOf, toPage } from '../../common/db/page';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { DomainEvents } from '../../common/events/domain-events';
import { FeedService } from '../posts/feed.service';
import { toPost } from '../posts/public';
import { accountsOnly } from '../safety/public';
import { BookmarksRepository } from './bookmarks.repository';

/**
 * A member's saved posts. Private: only the owner lists them or sees the flag (Post.bookmarked);
 * nothing is counted or announced to the author. Adding and removing are idempotent.
 */
@Injectable()
export class BookmarksService {
  constructor(
    private readonly bookmarks: BookmarksRepository,
    private readonly feed: FeedService,
    private readonly events: DomainEvents,
  ) {}

  async add(userId: number, postId: number): Promise<BookmarkResult> {
    let added: boolean;
    try {
      added = await this.bookmarks.add(userId, postId);
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      throw error;
    }
    if (added) await this.events.emit('viewer.changed', { viewerIds: [userId] }); // the flag on their copies of cached pages
    return { success: true, bookmarked: true };
  }

  /** Removing one that is not there (or of a post that is gone) is already done. */
  async remove(userId: number, postId: number): Promise<BookmarkResult> {
    if (await this.bookmarks.remove(userId, postId)) await this.events.emit('viewer.changed', { viewerIds: [userId] });
    return { success: true, bookmarked: false };
  }

  /** Newest bookmark first, without posts of accounts the member does not see; replies carry their originals as in every list. */
  async list(userId: number, limit: number, cursor?: string): Promise<Page<Post>> {
    const after = decodeTimeCursor(cursor);
    const hiding = accountsOnly((await this.feed.hidingOf(userId)).viewer);
    const page = toPage(await this.bookmarks.page(userId, after, limit + 1, hiding), limit, toPost, timeCursorOf);
    return { items: await this.feed.attachOriginals(page.items, userId, hiding), nextCursor: page.nextCursor };
  }
}
