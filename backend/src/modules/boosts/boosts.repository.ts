import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { BOOST_DURATION_HOURS } from '@cloud9/contracts';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import type { Posts, Users } from '../../database/schema';

/** A boost lasts this long from its activation. */
const DURATION = sql.raw(`interval '${BOOST_DURATION_HOURS} hours'`);

/**
 * The only code that runs the SQL of boosts. The boost critical sections hold pg advisory locks
 * (bigint keys from hashtextextended) for their transaction. Time is the database's now().
 */
@Injectable()
export class BoostsRepository extends DomainRepository {
  constructor(database: Database) {
    super(database);
  }

  /** Serialises every rotation and the admin boost. */
  async lockRotation(trx: Db): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('c9:boosts:rotation', 0))`.execute(trx);
  }

  /** One request of this user at a time: the quota count and the insert cannot interleave. */
  async lockQuota(trx: Db, userId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('c9:boosts:quota:' || ${userId}::text, 0))`.execute(trx);
  }

  async userGroup(userId: number): Promise<Pick<Selectable<Users>, 'group_id'> | undefined> {
    return this.database.db.selectFrom('users').select('group_id').where('id', '=', userId).executeTakeFirst();
  }

  async post(postId: number): Promise<Pick<Selectable<Posts>, 'user_id' | 'parent_id'> | undefined> {
    return this.database.db.selectFrom('posts').select(['user_id', 'parent_id']).where('id', '=', postId).executeTakeFirst();
  }

  /**
   * User boosts requested in [from, to), counted from the ledger: its rows stay when the boosted post
   * (and with it the post's `boosts` rows) is deleted, so deleting a post gives no quota back.
   */
  async requestedBetween(userId: number, from: Date, to: Date, db: Db = this.database.db): Promise<number> {
    const { n } = await db
      .selectFrom('boost_ledger')
      .select((eb) => sql<number>`${eb.fn.countAll()}::int`.as('n'))
      .where('user_id', '=', userId)
      .where('requested_at', '>=', from)
      .where('requested_at', '<', to)
      .executeTakeFirstOrThrow();
    return n;
  }

  /** The posts of the user's boost requests still waiting for a rotation, newest request first. */
  async waitingPostIds(userId: number): Promise<number[]> {
    const rows = await this.database.db
      .selectFrom('boosts')
      .select('post_id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'user')
      .where('status', '=', 'requested')
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => Number(r.post_id));
  }

  /** Whether the post has a user boost requested or running. */
  async hasLiveUserBoost(trx: Db, postId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('boosts')
      .select(sql<number>`1`.as('one'))
      .where('post_id', '=', postId)
      .where('kind', '=', 'user')
      .where('status', 'in', ['requested', 'active'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A user boost request and its ledger row, in the caller's transaction (one now() for both). */
  async request(trx: Db, postId: number, userId: number, priority: boolean): Promise<void> {
    await trx
      .insertInto('boosts')
      .values({ post_id: postId, user_id: userId, kind: 'user', status: 'requested', priority, requested_at: sql`now()` })
      .execute();
    await trx.insertInto('boost_ledger').values({ post_id: postId, user_id: userId, requested_at: sql`now()` }).execute();
  }

  /** Active boosts past their 24 h; how many. */
  async expireDue(trx: Db): Promise<number> {
    const result = await trx
      .updateTable('boosts')
      .set({ status: 'expired' })
      .where('status', '=', 'active')
      .where(sql<boolean>`(activated_at + ${DURATION} <= now() OR expires_at <= now())`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Activates waiting user requests into the free slots (of `slots`), priority plans first, then
   * first come first served; the posts they boost.
   */
  async activateWaiting(trx: Db, slots: number): Promise<number[]> {
    const { rows } = await sql<{ post_id: number }>`
      WITH free AS (
        SELECT GREATEST(0, ${slots}::int - count(*)::int) AS n FROM boosts WHERE kind = 'user' AND status = 'active'
      ), picked AS (
        SELECT id FROM boosts WHERE kind = 'user' AND status = 'requested'
         ORDER BY priority DESC, requested_at, id
         LIMIT (SELECT n FROM free)
      )
      UPDATE boosts b SET status = 'active', activated_at = now(), expires_at = now() + ${DURATION}
        FROM picked WHERE b.id = picked.id
      RETURNING b.post_id`.execute(trx);
    return rows.map((r) => r.post_id);
  }

  /** Ends the admin boost, if any. */
  async expireAdminBoost(trx: Db): Promise<void> {
    await trx.updateTable('boosts').set({ status: 'expired' }).where('kind', '=', 'admin').where('status', 'in', ['requested', 'active']).execute();
  }

  async startAdminBoost(trx: Db, postId: number, adminId: number): Promise<void> {
    await trx
      .insertInto('boosts')
      .values({
        post_id: postId,
        user_id: adminId,
        kind: 'admin',
        status: 'active',
        priority: false,
        requested_at: sql`now()`,
        activated_at: sql`now()`,
        expires_at: sql`now() + ${DURATION}`,
      })
      .execute();
  }
}
