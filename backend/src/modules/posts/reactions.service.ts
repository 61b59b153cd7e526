import { Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, type LikeResult, type RepostResult } from '@cloud9/contracts';
import { AlertsService } from '../notifications/alerts.service';
import type { SessionUser } from '../users/session-user';
import { DomainEvents } from '../../common/events/domain-events';
import type { Db } from '../../common/db/database';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { PostsRepository, type ReactionCounter, type ReactionTable } from './posts.repository';

interface Reaction {
  type: 'like' | 'repost';
  table: ReactionTable;
  counter: ReactionCounter;
}

const LIKE: Reaction = { type: 'like', table: 'likes', counter: 'likes_count' };
const REPOST: Reaction = { type: 'repost', table: 'reposts', counter: 'reposts_count' };

/** The count a toggle moved, as `post.reacted` names it. */
const countOf = (counter: ReactionCounter, count: number) => (counter === 'likes_count' ? { likes: count } : { reposts: count });

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

  /**
   * The author's alert is raised or withdrawn in the same transaction; the post's new count
   * (post.reacted) and the alert are announced after the commit.
   */
  private async toggle({ type, table, counter }: Reaction, user: SessionUser, postId: number): Promise<{ on: boolean; count: number }> {
    const userId = user.id;
    try {
      return await this.posts.transaction(async (trx) => {
        if (await this.posts.addReaction(trx, table, userId, postId)) {
          await this.alerts.raiseOnPost(trx, user, type, postId);
          return this.moved(trx, counter, postId, 1);
        }
        if (await this.posts.removeReaction(trx, table, userId, postId)) {
          await this.alerts.withdrawOnPost(trx, userId, type, postId);
          return this.moved(trx, counter, postId, -1);
        }
        // A concurrent toggle of the same user removed the row first: nothing changed here.
        const current = await this.posts.counter(trx, counter, postId);
        if (current === undefined) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
        return { on: false, count: current };
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      throw error;
    }
  }

  /** Moves the counter by one and raises its new value. */
  private async moved(trx: Db, counter: ReactionCounter, postId: number, by: 1 | -1): Promise<{ on: boolean; count: number }> {
    const count = await this.posts.moveCounter(trx, counter, postId, by);
    this.events.add(trx, 'post.reacted', { postId, ...countOf(counter, count) });
    return { on: by === 1, count };
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
