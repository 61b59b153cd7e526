import { ConflictException, ForbiddenException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import {
  ACTIVE_USER_BOOST_SLOTS, BOOST_QUEUE, BOOST_ROTATE_JOB, BOOST_TEXT, MESSAGES, boostPeriodEnd, boostPeriodStart, canRequestBoost,
  isAdmin, planFor, type Actor, type BoostQuota, type BoostRotation,
} from '@cloud9/contracts';
import { JobHandler } from '../../jobs/job-handler.decorator';
import type { Db } from '../../common/db/database';
import { DomainEvents } from '../../common/events/domain-events';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { PostsService } from '../posts/posts.service';
import { BoostsRepository } from './boosts.repository';

/**
 * Boost requests, quota, rotation and the admin boost. Time is the database's now(): tests move a
 * boost's activated_at / expires_at back to simulate 24 h passing.
 */
@Injectable()
export class BoostsService {
  constructor(
    private readonly boosts: BoostsRepository,
    private readonly posts: PostsService,
    private readonly events: DomainEvents,
  ) {}

  private usedThisMonth(userId: number, now: Date, trx?: Db): Promise<number> {
    return this.boosts.requestedBetween(userId, boostPeriodStart(now), boostPeriodEnd(now), trx);
  }

  async quota(actor: Actor, userId: number): Promise<BoostQuota> {
    if (actor.id !== userId && !isAdmin(actor.group_id)) throw new ForbiddenException(MESSAGES.http.forbidden);
    const user = await this.boosts.userGroup(userId);
    if (!user) throw new NotFoundException('User not found.');
    const now = new Date();
    const allowed = planFor(Number(user.group_id))?.monthlyBoosts ?? 0;
    // The waiting requests come with the quota: one call per viewer tells every boost button its state.
    const [used, requestedPostIds] = await Promise.all([this.usedThisMonth(userId, now), this.boosts.waitingPostIds(userId)]);
    return { allowed, used, remaining: Math.max(0, allowed - used), periodEnd: boostPeriodEnd(now).toISOString(), requestedPostIds };
  }

  async request(actor: Actor, userId: number, postId: number): Promise<{ message: string }> {
    if (actor.id !== userId) throw new ForbiddenException(MESSAGES.http.forbidden);
    const post = await this.boosts.post(postId);
    if (!post) throw new NotFoundException('Post not found.');
    if (post.parent_id !== null || !canRequestBoost(actor, Number(post.user_id))) throw new ForbiddenException(MESSAGES.http.forbidden);
    const plan = planFor(actor.group_id);
    const allowed = plan?.monthlyBoosts ?? 0;
    try {
      await this.boosts.transaction(async (trx) => {
        await this.boosts.lockQuota(trx, userId);
        if (await this.boosts.hasLiveUserBoost(trx, postId)) throw new ConflictException(MESSAGES.boost.alreadyRequested);
        const now = new Date();
        if ((await this.usedThisMonth(userId, now, trx)) >= allowed) throw new HttpException(MESSAGES.boost.limitReached, HttpStatus.TOO_MANY_REQUESTS);
        await this.boosts.request(trx, postId, userId, plan?.priorityBoost ?? false);
      });
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw new ConflictException(MESSAGES.boost.alreadyRequested);
      throw error;
    }
    return { message: BOOST_TEXT.requested };
  }

  /**
   * One rotation, in one transaction under an advisory lock (two at once never exceed the slots):
   * expire boosts past 24 h, then activate waiting requests, priority plans first, then first come
   * first served, into the free user slots. Idempotent: a second run changes nothing.
   */
  @JobHandler(BOOST_QUEUE, BOOST_ROTATE_JOB)
  async rotate(): Promise<BoostRotation> {
    const result = await this.boosts.transaction(async (trx) => {
      await this.boosts.lockRotation(trx);
      const expired = await this.boosts.expireDue(trx);
      const activated = await this.boosts.activateWaiting(trx, ACTIVE_USER_BOOST_SLOTS);
      if (activated.length) await this.posts.touchBoosted(trx, activated);
      if (expired || activated.length) this.events.add(trx, 'boosts.changed', {});
      return { expired, activated: activated.length };
    });
    return result;
  }

  /** Makes `postId` the one admin-boosted post for 24 h (replacing any other). */
  async adminBoost(actor: Actor, postId: number): Promise<{ success: true }> {
    await this.boosts.transaction(async (trx) => {
      await this.boosts.lockRotation(trx);
      if (!(await this.posts.lock(trx, postId))) throw new NotFoundException('Post not found.');
      await this.boosts.expireAdminBoost(trx);
      await this.boosts.startAdminBoost(trx, postId, actor.id);
      await this.posts.touchBoosted(trx, [postId]);
      this.events.add(trx, 'boosts.changed', {});
    });
    return { success: true };
  }
}
