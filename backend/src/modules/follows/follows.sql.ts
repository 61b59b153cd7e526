/** SQL of follows. The follow row and both denormalised counters (users.sql.ts) change in one transaction. */
import { timeKey } from '../../common/db/sql-snippets';
import { accountListColumns } from '../users/public';

export const FOLLOW_SQL = {
  userExists: `SELECT 1 FROM users WHERE id = $1`,
  isFollowing: `SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followed_id = $2) AS is_following`,
};

/** Held while the users module recounts the follow counters: no follow or unfollow commits meanwhile. */
export const SYNC_SQL = {
  lockFollows: `LOCK TABLE follows IN SHARE MODE`,
  /** SET takes no parameters: `ms` is a validated integer setting (FOLLOW_SYNC_LOCK_WAIT_MS). */
  lockTimeout: (ms: number) => `SET LOCAL lock_timeout = ${Math.trunc(ms)}`,
};

/**
 * A page of followers (people following $1) or following (people $1 follows), newest follow
 * first, keyset on (created_at, other user's id) along follows_followed / follows_follower_recent.
 * $2 is the viewer (NULL signed out: isFollowing false); with a cursor $3 time, $4 id.
 * The page size is a literal (see limitLiteral).
 */
export function followPageSql(direction: 'followers' | 'following', withCursor: boolean, take: string): string {
  const [mine, other] = direction === 'followers' ? ['followed_id', 'follower_id'] : ['follower_id', 'followed_id'];
  return `
    SELECT ${accountListColumns('$2')},
           ${timeKey('f.created_at')} AS cursor_time, f.${other} AS cursor_id
      FROM follows f JOIN users u ON u.id = f.${other}
     WHERE f.${mine} = $1
       ${withCursor ? `AND (f.created_at, f.${other}) < ($3::timestamptz, $4::bigint)` : ''}
     ORDER BY f.created_at DESC, f.${other} DESC
     LIMIT ${take}`;
}
