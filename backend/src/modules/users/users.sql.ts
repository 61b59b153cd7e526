import type { GroupRow, SessionUser } from './session-user';

/** SQL for deleting an account while keeping every other row's counters exact. */
export const DELETE_USER_SQL = {
  ownedFiles: `SELECT storage_key FROM media WHERE owner_id = $1`,
  fixCounters: [
    `UPDATE posts p SET likes_count = p.likes_count - 1
       FROM likes l WHERE l.user_id = $1 AND l.post_id = p.id AND p.user_id <> $1`,
    `UPDATE posts p SET reposts_count = p.reposts_count - 1
       FROM reposts r WHERE r.user_id = $1 AND r.post_id = p.id AND p.user_id <> $1`,
    `UPDATE posts p SET replies_count = p.replies_count - mine.n
       FROM (SELECT parent_id, count(*) AS n FROM posts WHERE user_id = $1 AND parent_id IS NOT NULL GROUP BY parent_id) mine
      WHERE p.id = mine.parent_id AND p.user_id <> $1`,
    `UPDATE users u SET followers_count = u.followers_count - 1
       FROM follows f WHERE f.follower_id = $1 AND f.followed_id = u.id`,
    `UPDATE users u SET following_count = u.following_count - 1
       FROM follows f WHERE f.followed_id = $1 AND f.follower_id = u.id`,
  ],
  // Posts, replies, likes, reposts, follows, alerts, boosts, media rows go with it (ON DELETE CASCADE).
  deleteUser: `DELETE FROM users WHERE id = $1`,
};

/**
 * The signed-in user with their group, loaded on every request (SessionGuard): one prepared
 * statement, the same columns UsersRepository.findById returns (never the password hash). A date
 * travels as its 'YYYY-MM-DD' text.
 */
export const SESSION_USER_SQL = `
  SELECT u.id, u.username, u.email, u.name, u.bio, u.birthdate::text AS birthdate, u.phone, u.location, u.website,
         u.thumbnail, u.background, u.group_id, u.followers_count, u.following_count, u.created_at, u.updated_at,
         g.name AS g_name, g.description AS g_description, g.subscription_fee::text AS g_subscription_fee,
         g.post_limit AS g_post_limit, g.media_limit_kb AS g_media_limit_kb, g.edit_timeout_minutes AS g_edit_timeout_minutes,
         g.monthly_boosts AS g_monthly_boosts, g.priority_boost AS g_priority_boost, g.is_available AS g_is_available
    FROM users u LEFT JOIN groups g ON g.id = u.group_id
   WHERE u.id = $1`;

/** One row of SESSION_USER_SQL: the user's columns, then its group's prefixed with g_ (null without a group). */
export type SessionUserRow = Omit<SessionUser, 'group'> & { [K in Exclude<keyof GroupRow, 'id'> as `g_${K}`]: GroupRow[K] | null };
