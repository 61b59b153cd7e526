import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { MESSAGES, type LikeResult, type RepostResult } from '@cloud9/contracts';
import { AlertsService, type AlertEvent } from '../notifications/alerts.service';
import type { SessionUser } from '../users/session-user';
import { reactionSql } from './posts.sql';
import { rowsOf } from '../../common/db/sql-params';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';

const LIKES = reactionSql('likes', 'likes_count');
const REPOSTS = reactionSql('reposts', 'reposts_count');

/**
 * Like and repost toggles. The reaction row and the post's counter change in one transaction
 * (insert-or-delete, then ±1 only for a row that really changed), so the counter always equals
 * the row count, also under concurrent toggles. Neither touches posts.updated_at.
 */
@Injectable()
export class ReactionsService {
  constructor(
    private readonly db: DataSource,
    private readonly alerts: AlertsService,
  ) {}

  /** The author's alert is raised or withdrawn in the same transaction and pushed after the commit. */
  private async toggle(sql: typeof LIKES, type: 'like' | 'repost', user: SessionUser, postId: number): Promise<{ on: boolean; count: number }> {
    const userId = user.id;
    let events: AlertEvent[] = [];
    try {
      const result = await this.db.transaction(async (m: EntityManager) => {
        const count = async (statement: string) => rowsOf<{ n: number }>(await m.query(statement, [postId]))[0];
        if (rowsOf(await m.query(sql.insert, [userId, postId])).length) {
          events = await this.alerts.raiseOnPost(m, user, type, postId);
          return { on: true, count: (await count(sql.increment)).n };
        }
        if (rowsOf(await m.query(sql.remove, [userId, postId])).length) {
          events = await this.alerts.withdrawOnPost(m, userId, type, postId);
          return { on: false, count: (await count(sql.decrement)).n };
        }
        // A concurrent toggle of the same user removed the row first: nothing changed here.
        const current = await count(sql.current);
        if (!current) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
        return { on: false, count: current.n };
      });
      this.alerts.publish(events);
      return result;
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new NotFoundException(MESSAGES.post.notFoundOrDeleted);
      throw error;
    }
  }

  async like(user: SessionUser, postId: number): Promise<LikeResult> {
    const { on, count } = await this.toggle(LIKES, 'like', user, postId);
    return { success: true, liked: on, likes: count };
  }

  async repost(user: SessionUser, postId: number): Promise<RepostResult> {
    const { on, count } = await this.toggle(REPOSTS, 'repost', user, postId);
    return { success: true, reposted: on, reposts: count };
  }
}
