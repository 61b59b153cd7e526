/** SQL of follows. The follow row and both denormalised counters change in one transaction. */
import type { Selectable } from 'kysely';
import type { Users } from '../../database/schema';
import { timeKey } from '../../common/db/sql-snippets';

export const FOLLOW_SQL = {
  userExists: `SELECT 1 FROM users WHERE id = $1`,
  /**
   * $1 follower, $2 followed, $3 +1 or -1. Both user rows are locked in id order first, so
   * A→B and B→A at once cannot deadlock; then followed.followers_count and
   * follower.following_count move together.
   */
  count: `
    WITH locked AS (SELECT id FROM users WHERE id IN ($1::bigint, $2::bigint) ORDER BY id FOR NO KEY UPDATE)
    UPDATE users u
       SET followers_count = u.followers_count + CASE WHEN u.id = $2::bigint THEN $3::int ELSE 0 END,
           following_count = u.following_count + CASE WHEN u.id = $1::bigint THEN $3::int ELSE 0 END
      FROM locked WHERE u.id = locked.id
    RETURNING u.id, u.followers_count, u.following_count`,
  isFollowing: `SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followed_id = $2) AS is_following`,
};

/**
 * "Sync follow tables": the denormalised counters recomputed from the follows table, one set-based
 * UPDATE per direction that touches only the users whose count is wrong (RETURNING one row each).
 * Run under LOCK TABLE follows IN SHARE MODE, so no follow or unfollow commits meanwhile. A user row
 * locked by a concurrent account deletion is skipped (SKIP LOCKED: never a deadlock; the next run fixes it).
 */
const syncCountSql = (counter: 'followers_count' | 'following_count', key: 'followed_id' | 'follower_id') => `
    WITH actual AS (
      SELECT ${key} AS id, count(*)::int AS n FROM follows GROUP BY ${key}
    ), wrong AS (
      SELECT u.id, coalesce(a.n, 0) AS n
        FROM users u LEFT JOIN actual a ON a.id = u.id
       WHERE u.${counter} <> coalesce(a.n, 0)
    ), locked AS (
      SELECT u.id, wrong.n FROM users u JOIN wrong ON wrong.id = u.id FOR NO KEY UPDATE OF u SKIP LOCKED
    )
    UPDATE users u SET ${counter} = locked.n FROM locked WHERE u.id = locked.id
    RETURNING u.id`;

export const SYNC_SQL = {
  lockFollows: `LOCK TABLE follows IN SHARE MODE`,
  lockTimeout: `SET LOCAL lock_timeout = '10s'`,
  followers: syncCountSql('followers_count', 'followed_id'),
  following: syncCountSql('following_count', 'follower_id'),
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
    SELECT u.id, u.name, u.username, u.thumbnail,
           EXISTS (SELECT 1 FROM follows v WHERE v.follower_id = $2::bigint AND v.followed_id = u.id) AS is_following,
           ${timeKey('f.created_at')} AS cursor_time, f.${other} AS cursor_id
      FROM follows f JOIN users u ON u.id = f.${other}
     WHERE f.${mine} = $1
       ${withCursor ? `AND (f.created_at, f.${other}) < ($3::timestamptz, $4::bigint)` : ''}
     ORDER BY f.created_at DESC, f.${other} DESC
     LIMIT ${take}`;
}

export type FollowPageRow = Pick<Selectable<Users>, 'id' | 'name' | 'username' | 'thumbnail'> & {
  is_following: boolean;
  cursor_time: string;
  cursor_id: number;
};
