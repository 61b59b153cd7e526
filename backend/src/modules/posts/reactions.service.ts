import { Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, type LikeResult, type RepostResult } from '@cloud9/contracts';
import { AlertsService } from '../notifications/alerts.service';
import type { SessionUser } from '../users/public';
import type { Db } from '../../common/db/database';
import { DomainEvents } from '../../common/events/domain-events';
import type { EventPayload } from '../../common/events/event-map';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { PostsRepository, type ReactionCounter, type ReactionTable, type VersionedCount } from './posts.repository';

interface Reaction {
  type: 'like' | 'repost';
  table: ReactionTable;
  counter: ReactionCounter;
  /** The member's flag and, when the toggle moved the counter, its new value, as `post.reacted` names them. */
  reacted(userId: number, on: boolean, moved?: VersionedCount): Omit<EventPayload<'post.reacted'>, 'postId'>;
}

const LIKE: Reaction = {
  type: 'like', table: 'likes', counter: 'likes_count',
  reacted: (userId, liked, moved) => ({ ...(moved && { likes: moved.count, version: moved.version }), by: { userId, liked } }),
};
const REPOST: Reaction = {
  type: 'repost', table: 'reposts', counter: 'reposts_count',
  reacted: (userId, reposted, moved) => ({ ...(moved && { reposts: moved.count, version: moved.version }), by: { userId, reposted } }),
};

interface Flip {
  on: boolean;
  count: number;
  /** Set when the counter moved (a row really came or went). */
  moved?: VersionedCount;
}

/**
 * Like and repost toggles. The reaction row and the post's counter change in one transaction
 * (insert-or-delete, then ±1 only for a row that really changed), so the counter always equals
 * the row count, also under concurrent toggles. Neither touches posts.updated_at.
 */
@Injectable()
export class ReactionsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly alerts: AlertsService,
    private readonly events: DomainEvents,
  ) {}

  /** The toggle and the author's alert in one transaction; the post's new count and the member's flag (post.reacted) after the commit. */
  private async toggle(reaction: Reaction, user: SessionUser, postId: number): Promise<Flip> {
    try {
      return await this.posts.transaction(async (trx) => {
        const result = await this.flip(trx, reaction, user, postId);
        this.events.add(trx, 'post.reacted', { postId, ...reaction.reacted(user.id, result.on, result.moved) });
        return result;
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      throw error;
    }
  }

  private async flip(trx: Db, { type, table, counter }: Reaction, user: SessionUser, postId: number): Promise<Flip> {
    if (await this.posts.addReaction(trx, table, user.id, postId)) {
      await this.alerts.raiseOnPost(trx, user, type, postId);
      const moved = await this.posts.moveCounter(trx, counter, postId, 1);
      return { on: true, count: moved.count, moved };
    }
    if (await this.posts.removeReaction(trx, table, user.id, postId)) {
      await this.alerts.withdrawOnPost(trx, user.id, type, postId);
      const moved = await this.posts.moveCounter(trx, counter, postId, -1);
      return { on: false, count: moved.count, moved };
    }
    // A concurrent toggle of the same user removed the row first: nothing changed here. The count is
    // read without the row's lock, so it is answered but not published (it has no place in the order).
    const current = await this.posts.counter(trx, counter, postId);
    if (current === undefined) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
    return { on: false, count: current };
  }

  async like(user: SessionUser, postId: number): Promise<LikeResult> {
    const { on, count } = await this.toggle(LIKE, user, postId);
    return { success: true, liked: on, likes: count };
  }

  async repost(user: SessionUser, postId: number): Promise<RepostResult> {
    const { on, count } = await this.toggle(REPOST, user, postId);
    return { success: true, reposted: on, reposts: count };
  }
}
