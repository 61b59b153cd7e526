import { USERNAME_SUGGEST } from '@cloud9/contracts';
import { limitLiteral } from '../../common/db/sql-params';
import type { Selectable } from 'kysely';
import type { Users } from '../../database/schema';
import type { GroupRow, SessionUser } from './session-user';
import { blockedBetweenSql } from '../safety/public';

/**
 * SQL for deleting an account while keeping every other account's follow counters exact (the posts
 * module fixes its own counters first, through AccountDeletionSteps, in the same transaction).
 */
export const DELETE_USER_SQL = {
  ownedFiles: `SELECT storage_key FROM media WHERE owner_id = $1`,
  fixCounters: [
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
         u.email_verified, u.pending_email::text AS pending_email, u.theme,
         g.name AS g_name, g.description AS g_description, g.subscription_fee::text AS g_subscription_fee,
         g.post_limit AS g_post_limit, g.media_limit_kb AS g_media_limit_kb, g.edit_timeout_minutes AS g_edit_timeout_minutes,
         g.monthly_boosts AS g_monthly_boosts, g.priority_boost AS g_priority_boost, g.is_available AS g_is_available
    FROM users u LEFT JOIN groups g ON g.id = u.group_id
   WHERE u.id = $1`;

/** One row of SESSION_USER_SQL: the user's columns, then its group's prefixed with g_ (null without a group). */
export type SessionUserRow = Omit<SessionUser, 'group'> & { [K in Exclude<keyof GroupRow, 'id'> as `g_${K}`]: GroupRow[K] | null };

/**
 * The admin user list, newest account first, keyset on id. $1 the last id seen (or NULL), $2 a LIKE
 * pattern matched against username, email and name (or NULL), $3 the page size + 1.
 */
export const ADMIN_USER_PAGE_SQL = `SELECT id, username, email, name, group_id, created_at FROM users
        WHERE ($1::bigint IS NULL OR id < $1::bigint)
          AND ($2::text IS NULL OR username ILIKE $2 ESCAPE '\\' OR email ILIKE $2 ESCAPE '\\' OR name ILIKE $2 ESCAPE '\\')
        ORDER BY id DESC LIMIT $3`;

export type AdminUserRow = Pick<Selectable<Users>, 'id' | 'username' | 'email' | 'name' | 'group_id' | 'created_at'>;

/**
 * The follow counters, moved in the transaction of the follow row they count. $1 follower, $2
 * followed, $3 +1 or -1. Both user rows are locked in id order first, so A→B and B→A at once cannot
 * deadlock; then followed.followers_count and follower.following_count move together.
 */
export const FOLLOW_COUNT_SQL = `
    WITH locked AS (SELECT id FROM users WHERE id IN ($1::bigint, $2::bigint) ORDER BY id FOR NO KEY UPDATE)
    UPDATE users u
       SET followers_count = u.followers_count + CASE WHEN u.id = $2::bigint THEN $3::int ELSE 0 END,
           following_count = u.following_count + CASE WHEN u.id = $1::bigint THEN $3::int ELSE 0 END
      FROM locked WHERE u.id = locked.id
    RETURNING u.id, u.followers_count, u.following_count`;

/**
 * The follow counters recounted from the follows table ("sync follow tables"): one set-based UPDATE
 * per direction that touches only the users whose count is wrong (RETURNING one row each). The
 * follows module holds LOCK TABLE follows IN SHARE MODE in the same transaction, so no follow or
 * unfollow commits meanwhile. A user row locked by a concurrent account deletion is skipped (SKIP
 * LOCKED: never a deadlock; the next run fixes it).
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

export const FOLLOW_RECOUNT_SQL = {
  followers: syncCountSql('followers_count', 'followed_id'),
  following: syncCountSql('following_count', 'follower_id'),
};

/** Prefix-matching accounts read before ranking: enough that the exact name and the shortest names are among them. */
const SUGGEST_CANDIDATES = 50;

/**
 * Accounts whose username starts with a prefix, for the `@` autocomplete, best first: the exact
 * name, then accounts the viewer follows, then shorter names, then by name; never the viewer, nor an
 * account with a block between it and the viewer either way (two primary-key probes per candidate).
 * $1 the lower-case prefix, $2 the first string after every name with that prefix (the prefix with
 * its last character moved up by one: names are ASCII, compared byte-wise), $3 the viewer.
 * Both candidate reads are range scans of users_username_prefix (lower(username) text_pattern_ops,
 * walked in its own ~<~ order so the scan stops at its LIMIT) and of the viewer's follows.
 */
export const USERNAME_SUGGEST_SQL = `
    WITH candidates AS (
      (SELECT u.id, u.username, u.name, u.thumbnail FROM users u
        WHERE lower(u.username::text) ~>=~ $1 AND lower(u.username::text) ~<~ $2
        ORDER BY lower(u.username::text) USING ~<~ LIMIT ${SUGGEST_CANDIDATES})
      UNION
      (SELECT u.id, u.username, u.name, u.thumbnail FROM follows f JOIN users u ON u.id = f.followed_id
        WHERE f.follower_id = $3 AND lower(u.username::text) ~>=~ $1 AND lower(u.username::text) ~<~ $2
        ORDER BY length(u.username::text), lower(u.username::text) USING ~<~ LIMIT ${limitLiteral(USERNAME_SUGGEST.max)})
    )
    SELECT c.id, c.username, c.name, c.thumbnail FROM candidates c
     WHERE c.id <> $3 AND NOT ${blockedBetweenSql('$3::bigint', 'c.id')}
     ORDER BY lower(c.username::text) = $1 DESC,
              EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $3 AND f.followed_id = c.id) DESC,
              length(c.username::text), lower(c.username::text) USING ~<~
     LIMIT ${limitLiteral(USERNAME_SUGGEST.max)}`;
