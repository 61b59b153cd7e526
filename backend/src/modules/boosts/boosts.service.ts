import { ConflictException, ForbiddenException, HttpException, HttpStatus, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  ACTIVE_USER_BOOST_SLOTS, BOOST_DURATION_HOURS, BOOST_QUEUE, BOOST_ROTATE_JOB, BOOST_TEXT, MESSAGES, boostPeriodEnd, boostPeriodStart, canRequestBoost,
  isAdmin, planFor, type Actor, type BoostQuota, type BoostRotation,
} from '@cloud9/contracts';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { RealtimeService } from '../realtime/realtime.service';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';

/** pg advisory lock keys (bigint, from hashtextextended) of the boost critical sections. */
const ROTATION_LOCK = `hashtextextended('c9:boosts:rotation', 0)`;
const quotaLock = `hashtextextended('c9:boosts:quota:' || $1::text, 0)`;
const DURATION = `interval '${BOOST_DURATION_HOURS} hours'`;


/**
 * Boost requests, quota, rotation and the admin boost. Time is the database's now(): tests move a
 * boost's activated_at / expires_at back to simulate 24 h passing.
 */
@Injectable()
export class BoostsService {
  private readonly logger = new Logger('Boosts');

  constructor(
    private readonly db: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  private async usedThisMonth(m: EntityManager | DataSource, userId: number, now: Date): Promise<number> {
    const [row] = await m.query(
      `SELECT count(*)::int AS n FROM boosts WHERE user_id = $1 AND kind = 'user' AND requested_at >= $2 AND requested_at < $3`,
      [userId, boostPeriodStart(now).toISOString(), boostPeriodEnd(now).toISOString()],
    );
    return row.n as number;
  }

  async quota(actor: Actor, userId: number): Promise<BoostQuota> {
    if (actor.id !== userId && !isAdmin(actor.group_id)) throw new ForbiddenException(MESSAGES.http.forbidden);
    const [user] = await this.db.query(`SELECT group_id FROM users WHERE id = $1`, [userId]);
    if (!user) throw new NotFoundException('User not found.');
    const now = new Date();
    const allowed = planFor(Number(user.group_id))?.monthlyBoosts ?? 0;
    const used = await this.usedThisMonth(this.db, userId, now);
    return { allowed, used, remaining: Math.max(0, allowed - used), periodEnd: boostPeriodEnd(now).toISOString() };
  }

  async request(actor: Actor, userId: number, postId: number): Promise<{ message: string }> {
    if (actor.id !== userId) throw new ForbiddenException(MESSAGES.http.forbidden);
    const [post] = await this.db.query(`SELECT user_id, parent_id FROM posts WHERE id = $1`, [postId]);
    if (!post) throw new NotFoundException('Post not found.');
    if (post.parent_id !== null || !canRequestBoost(actor, Number(post.user_id))) throw new ForbiddenException(MESSAGES.http.forbidden);
    const plan = planFor(actor.group_id);
    const allowed = plan?.monthlyBoosts ?? 0;
    try {
      await this.db.transaction(async (m) => {
        // One request of this user at a time: the quota count and the insert cannot interleave.
        await m.query(`SELECT pg_advisory_xact_lock(${quotaLock})`, [userId]);
        const [live] = await m.query(
          `SELECT 1 FROM boosts WHERE post_id = $1 AND kind = 'user' AND status IN ('requested', 'active')`,
          [postId],
        );
        if (live) throw new ConflictException(MESSAGES.boost.alreadyRequested);
        const now = new Date();
        if ((await this.usedThisMonth(m, userId, now)) >= allowed) throw new HttpException(MESSAGES.boost.limitReached, HttpStatus.TOO_MANY_REQUESTS);
        await m.query(
          `INSERT INTO boosts (post_id, user_id, kind, status, priority, requested_at) VALUES ($1, $2, 'user', 'requested', $3, now())`,
          [postId, userId, plan?.priorityBoost ?? false],
        );
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
    const result = await this.db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(${ROTATION_LOCK})`);
      const [, expired] = (await m.query(
        `UPDATE boosts SET status = 'expired'
          WHERE status = 'active' AND (activated_at + ${DURATION} <= now() OR expires_at <= now())`,
      )) as [unknown, number];
      const activatedRows: { post_id: string }[] = (
        await m.query(
          `WITH free AS (
             SELECT GREATEST(0, $1::int - count(*)::int) AS n FROM boosts WHERE kind = 'user' AND status = 'active'
           ), picked AS (
             SELECT id FROM boosts WHERE kind = 'user' AND status = 'requested'
              ORDER BY priority DESC, requested_at, id
              LIMIT (SELECT n FROM free)
           )
           UPDATE boosts b SET status = 'active', activated_at = now(), expires_at = now() + ${DURATION}
             FROM picked WHERE b.id = picked.id
           RETURNING b.post_id`,
          [ACTIVE_USER_BOOST_SLOTS],
        )
      )[0];
      if (activatedRows.length) {
        await m.query(`UPDATE posts SET updated_at = now() WHERE id = ANY($1::bigint[])`, [activatedRows.map((r) => r.post_id)]);
      }
      return { expired, activated: activatedRows.length };
    });
    if (result.expired || result.activated) this.changed();
    return result;
  }

  /** Makes `postId` the one admin-boosted post for 24 h (replacing any other). */
  async adminBoost(actor: Actor, postId: number): Promise<{ success: true }> {
    await this.db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(${ROTATION_LOCK})`);
      const [post] = await m.query(`SELECT id FROM posts WHERE id = $1 FOR UPDATE`, [postId]);
      if (!post) throw new NotFoundException('Post not found.');
      await m.query(`UPDATE boosts SET status = 'expired' WHERE kind = 'admin' AND status IN ('requested', 'active')`);
      await m.query(
        `INSERT INTO boosts (post_id, user_id, kind, status, priority, requested_at, activated_at, expires_at)
         VALUES ($1, $2, 'admin', 'active', false, now(), now(), now() + ${DURATION})`,
        [postId, actor.id],
      );
      await m.query(`UPDATE posts SET updated_at = now() WHERE id = $1`, [postId]);
    });
    this.changed();
    return { success: true };
  }

  private changed(): void {
    try {
      this.realtime.toEveryone('boosts:changed', { at: new Date().toISOString() });
    } catch (error) {
      this.logger.warn(`boosts:changed not pushed: ${(error as Error).message}`);
    }
  }
}
