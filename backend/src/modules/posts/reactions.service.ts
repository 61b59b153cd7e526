import { Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, type LikeResult, type RepostResult } from '@cloud9/contracts';
import { AlertsService, type AlertEvent } from '../notifications/alerts.service';
import type { SessionUser } from '../users/session-user';
import { InvalidationBus, type CountChange } from '../../common/cache/invalidation-bus';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { PostsRepository, type ReactionCounter, type ReactionTable } from './posts.repository';

interface Reaction {
  type: 'like' | 'repost';
  table: ReactionTable;
  counter: ReactionCounter;
  /** The post's new count and the member's flag, as cached pages show them. */
  shown(on: boolean, count: number): Omit<CountChange, 'post' | 'viewer'>;
}

const LIKE: Reaction = { type: 'like', table: 'likes', counter: 'likes_count', shown: (liked, likes) => ({ likes, liked }) };
const REPOST: Reaction = { type: 'repost', table: 'reposts', counter: 'reposts_count', shown: (reposted, reposts) => ({ reposts, reposted }) };

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
    private readonly caches: InvalidationBus,
  ) {}

  /** The author's alert is raised or withdrawn in the same transaction and pushed after the commit. */
  private async toggle({ type, table, counter, shown }: Reaction, user: SessionUser, postId: number): Promise<{ on: boolean; count: number }> {
    const userId = user.id;
    let events: AlertEvent[] = [];
    try {
      const result = await this.posts.transaction(async (trx) => {
        if (await this.posts.addReaction(trx, table, userId, postId)) {
          events = await this.alerts.raiseOnPost(trx, user, type, postId);
          return { on: true, count: await this.posts.moveCounter(trx, counter, postId, 1) };
        }
        if (await this.posts.removeReaction(trx, table, userId, postId)) {
          events = await this.alerts.withdrawOnPost(trx, userId, type, postId);
          return { on: false, count: await this.posts.moveCounter(trx, counter, postId, -1) };
        }
        // A concurrent toggle of the same user removed the row first: nothing changed here.
        const current = await this.posts.counter(trx, counter, postId);
        if (current === undefined) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
        return { on: false, count: current };
      });
      this.alerts.publish(events);
      await this.caches.publish({ counts: [{ post: postId, viewer: userId, ...shown(result.on, result.count) }] }); // its count, and the member's flag
      return result;
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      throw error;
    }
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
