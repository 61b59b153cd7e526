import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import { Settings } from '../../config/settings';
import { SETTINGS } from '../../config/settings.module';
import { FOLLOW_SQL, followPageSql, SYNC_SQL } from './follows.sql';
import type { AccountPageRow } from '../users/public';

/**
 * The only code that runs the SQL of follows (the counters on users are the users module's, moved
 * in the follow's transaction). Pages are hand-tuned statements (follows.sql.ts).
 */
@Injectable()
export class FollowsRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    super(database);
  }

  async isFollowing(followerId: number, followedId: number): Promise<boolean> {
    const [row] = await this.sql.reader(followerId).query<{ is_following: boolean }>(FOLLOW_SQL.isFollowing, [followerId, followedId]);
    return row.is_following;
  }

  async userExists(userId: number): Promise<boolean> {
    return (await this.sql.reader(null).query(FOLLOW_SQL.userExists, [userId])).length > 0;
  }

  /** $1 user, $2 viewer, then the keyset when given. */
  page(direction: 'followers' | 'following', values: unknown[], withCursor: boolean, take: string): Promise<AccountPageRow[]> {
    return this.sql.reader(values[1] as number | null).query<AccountPageRow>(followPageSql(direction, withCursor, take), values);
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

  /**
   * Holds both accounts' rows (in id order, as the follow counters' update takes them) for the rest of
   * `trx`: a block and a follow between the same two accounts then run one after the other.
   */
  async lockPair(trx: Db, a: number, b: number): Promise<void> {
    await sql`SELECT id FROM users WHERE id IN (${a}, ${b}) ORDER BY id FOR NO KEY UPDATE`.execute(trx);
  }

  /** Holds the follows table against follows and unfollows for the rest of `trx` (waiting at most FOLLOW_SYNC_LOCK_WAIT_MS for it). */
  async lockForRecount(trx: Db): Promise<void> {
    await sql.raw(SYNC_SQL.lockTimeout(this.settings.followSyncLockWaitMs)).execute(trx);
    await sql.raw(SYNC_SQL.lockFollows).execute(trx);
  }
}
