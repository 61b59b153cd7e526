import { Injectable } from '@nestjs/common';
import { CompiledQuery, sql, type Selectable } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import { SqlService } from '../../common/db/sql.service';
import type { Users } from '../../database/schema';
import { FOLLOW_SQL, followPageSql, type FollowPageRow, SYNC_SQL } from './follows.sql';

export type FollowCounts = Pick<Selectable<Users>, 'id' | 'followers_count' | 'following_count'>;

/**
 * The only code that runs the SQL of follows and of the follow counters on users (they move in
 * the same transaction as the follow row). Pages are hand-tuned statements (follows.sql.ts).
 */
@Injectable()
export class FollowsRepository {
  constructor(
    private readonly database: Database,
    private readonly sql: SqlService,
  ) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(work);
  }

  async isFollowing(followerId: number, followedId: number): Promise<boolean> {
    const [row] = await this.sql.query<{ is_following: boolean }>(FOLLOW_SQL.isFollowing, [followerId, followedId]);
    return row.is_following;
  }

  async userExists(userId: number): Promise<boolean> {
    return (await this.sql.query(FOLLOW_SQL.userExists, [userId])).length > 0;
  }

  /** $1 user, $2 viewer, then the keyset when given. */
  page(direction: 'followers' | 'following', values: unknown[], withCursor: boolean, take: string): Promise<FollowPageRow[]> {
    return this.sql.query<FollowPageRow>(followPageSql(direction, withCursor, take), values);
  }

  /** False when the follow was already there. */
  async add(trx: Db, followerId: number, followedId: number): Promise<boolean> {
    const rows = await trx
      .insertInto('follows')
      .values({ follower_id: followerId, followed_id: followedId })
      .onConflict((oc) => oc.doNothing())
      .returning('created_at')
      .execute();
    return rows.length > 0;
  }

  /** False when there was none. */
  async remove(trx: Db, followerId: number, followedId: number): Promise<boolean> {
    const rows = await trx.deleteFrom('follows').where('follower_id', '=', followerId).where('followed_id', '=', followedId).returning('created_at').execute();
    return rows.length > 0;
  }

  /** Moves both counters by `by`, the two user rows locked in id order (follows.sql.ts). */
  async count(trx: Db, followerId: number, followedId: number, by: 1 | -1): Promise<FollowCounts[]> {
    return (await trx.executeQuery(CompiledQuery.raw(FOLLOW_SQL.count, [followerId, followedId, by]))).rows as FollowCounts[];
  }

  counts(trx: Db, followerId: number, followedId: number): Promise<FollowCounts[]> {
    return trx.selectFrom('users').select(['id', 'followers_count', 'following_count']).where('id', 'in', [followerId, followedId]).execute();
  }

  /** Recomputes both counters of every user whose count is wrong; how many were corrected, each way. */
  syncCounts(): Promise<{ followers: number; following: number }> {
    return this.transaction(async (trx) => {
      await sql.raw(SYNC_SQL.lockTimeout).execute(trx);
      await sql.raw(SYNC_SQL.lockFollows).execute(trx);
      const followers = (await sql.raw(SYNC_SQL.followers).execute(trx)).rows.length;
      const following = (await sql.raw(SYNC_SQL.following).execute(trx)).rows.length;
      return { followers, following };
    });
  }
}
