import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ADMIN_JOB, ADMIN_QUEUE, MESSAGES, canFollow, type FollowPair, type FollowResult, type FollowUser, type Page } from '@cloud9/contracts';
import { DomainEvents } from '../../common/events/domain-events';
import { JobHandler } from '../../jobs/job-handler.decorator';
import type { Db } from '../../common/db/database';
import { AlertsService } from '../notifications/alerts.service';
import { decodeTimeCursor } from '../../common/db/cursor';
import { limitLiteral } from '../../common/db/sql-params';
import { AccountsService } from '../users/accounts.service';
import { toAccountListItem, type SessionUser } from '../users/public';
import { SafetyService } from '../safety/safety.service';
import { FollowsRepository } from './follows.repository';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { timeCursorOf, toPage } from '../../common/db/page';

/**
 * Follow and unfollow. The follow row, both counters (±1 only for a row that really changed) and
 * the follow alert change in one transaction, so the counters always equal the row counts, also
 * under concurrent toggles; the alert and both accounts' changed counters are announced after the commit.
 */
@Injectable()
export class FollowsService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly alerts: AlertsService,
    private readonly accounts: AccountsService,
    private readonly events: DomainEvents,
    private readonly safety: SafetyService,
  ) {}

  follow(user: SessionUser, dto: FollowPair): Promise<FollowResult> {
    return this.change(user, dto, true);
  }

  unfollow(user: SessionUser, dto: FollowPair): Promise<FollowResult> {
    return this.change(user, dto, false);
  }

  async isFollowing(dto: FollowPair): Promise<{ isFollowing: boolean }> {
    return { isFollowing: await this.follows.isFollowing(dto.followerId, dto.followedId) };
  }

  /**
   * Recomputes every user's follower and following counts from the follows table (admin "sync
   * follow tables"); answers how many users' counts it corrected, each way. Running it again at
   * once corrects nothing.
   */
  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.syncFollowTables)
  async syncCounts(): Promise<{ followersAdded: number; followingsAdded: number }> {
    // A job: its wait for the follows table and its recount over every account run under the job limit.
    const { followers, following } = await this.follows.jobTransaction(async (trx) => {
      await this.follows.lockForRecount(trx);
      const corrected = await this.accounts.recountFollows(trx);
      if (corrected.followers || corrected.following) this.events.add(trx, 'follows.recounted', {});
      return corrected;
    });
    return { followersAdded: followers, followingsAdded: following };
  }

  /**
   * Removes the follows between `a` and `b`, both ways, inside the caller's transaction (a block):
   * each removed row moves both counters by one and withdraws its follow alert.
   */
  async severBetween(trx: Db, a: number, b: number): Promise<void> {
    // A follow between them that is still in flight waits for this block, or this block for it (change).
    await this.follows.lockPair(trx, a, b);
    let severed = false;
    for (const [follower, followed] of [[a, b], [b, a]]) {
      if (!(await this.follows.remove(trx, follower, followed))) continue;
      await this.alerts.withdrawOnUser(trx, follower, 'follow', followed);
      await this.accounts.adjustFollowCounts(trx, follower, followed, -1);
      severed = true;
    }
    if (severed) this.events.add(trx, 'account.changed', { userIds: [a, b] });
  }

  /** People following `userId` (direction 'followers') or followed by them ('following'). */
  async list(direction: 'followers' | 'following', userId: number, viewerId: number | null, limit: number, cursor?: string): Promise<Page<FollowUser>> {
    const after = decodeTimeCursor(cursor);
    if (!(await this.follows.userExists(userId))) throw new NotFoundException(MESSAGES.profile.userNotFound);
    const values: unknown[] = [userId, viewerId, ...(after ? [after.time, after.id] : [])];
    const rows = await this.follows.page(direction, values, !!after, limitLiteral(limit + 1));
    return toPage(rows, limit, toAccountListItem, timeCursorOf);
  }

  private async change(user: SessionUser, dto: FollowPair, on: boolean): Promise<FollowResult> {
    if (dto.followerId !== user.id) throw new ForbiddenException(MESSAGES.follow.onlyYourself);
    if (!canFollow({ id: user.id, group_id: user.group_id }, dto.followedId)) throw new BadRequestException(MESSAGES.follow.self);
    const followedId = dto.followedId;
    let counts: { followersCount: number; followingCount: number };
    try {
      counts = await this.follows.transaction(async (trx) => {
        const changed = on ? await this.follows.add(trx, user.id, followedId) : await this.follows.remove(trx, user.id, followedId);
        if (changed) {
          if (on) await this.alerts.raiseOnUser(trx, user, 'follow', followedId);
          else await this.alerts.withdrawOnUser(trx, user.id, 'follow', followedId);
          this.events.add(trx, 'account.changed', { userIds: [user.id, followedId] }); // their counters
        }
        const rows = changed
          ? await this.accounts.adjustFollowCounts(trx, user.id, followedId, on ? 1 : -1)
          : await this.accounts.followCounts(trx, user.id, followedId);
        // The counters' update holds both accounts' rows, as a block does before it ends their follows:
        // a block committed meanwhile is seen here, and refuses the new follow (the block rule's 404).
        if (changed && on && (await this.safety.blockedBetween(user.id, followedId, trx))) throw new NotFoundException(MESSAGES.profile.userNotFound);
        const followed = rows.find((r) => r.id === followedId);
        const follower = rows.find((r) => r.id === user.id);
        if (!followed) throw new NotFoundException(MESSAGES.profile.userNotFound);
        return { followersCount: followed.followers_count, followingCount: follower?.following_count ?? 0 };
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new NotFoundException(MESSAGES.profile.userNotFound);
      throw error;
    }
    return { success: true, isFollowing: on, ...counts };
  }
}
