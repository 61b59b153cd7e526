import { THREAD } from '@cloud9/contracts';
import { timeKey } from '../../common/db/sql-snippets';
import { mediaColumns, posterJoin } from '../media/public';
import { accountListColumns } from '../users/public';

/**
 * SQL of the posts module. Every read that returns posts selects POST_COLUMNS over POST_JOINS,
 * so one page is one statement: author and media joined, the viewer's like/repost and the
 * boost flags as EXISTS probes on primary keys / the live-boost index (no N+1).
 */

/** Boost flags: only active, unexpired boosts count (served by boosts_one_live_per_post). */
const liveBoost = (kind: 'user' | 'admin') =>
  `EXISTS (SELECT 1 FROM boosts b WHERE b.post_id = p.id AND b.kind = '${kind}' AND b.status = 'active'
             AND (b.expires_at IS NULL OR b.expires_at > now()))`;

/**
 * The mentioned accounts' current usernames, in text order; an account deleted since is left out.
 * Most posts mention nobody: they skip the lookup (a primary-key probe of users per mention).
 */
const mentionNames = `CASE WHEN cardinality(p.mention_ids) = 0 THEN '{}'::text[]
  ELSE ARRAY(SELECT mu.username::text FROM unnest(p.mention_ids) WITH ORDINALITY mi(id, n) JOIN users mu ON mu.id = mi.id ORDER BY mi.n) END`;

/** `viewer` is the placeholder of the viewer's id (NULL when signed out, so the viewer's flags are false). */
export const postColumns = (viewer: string) => `
  p.id, p.user_id, u.username, u.name, u.thumbnail, p.content, ${mentionNames} AS mentions, p.tags, p.category, p.media_url, m.mime AS media_mime, p.media_alt, ${mediaColumns('m', 'media', 'mp')}, ${mediaColumns('am', 'avatar')},
  p.gif_url, p.likes_count, p.replies_count, p.reposts_count, p.parent_id, p.created_at, p.updated_at, p.edited_at,
  EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ${viewer}::bigint AND l.post_id = p.id) AS liked_by_me,
  EXISTS (SELECT 1 FROM reposts r WHERE r.user_id = ${viewer}::bigint AND r.post_id = p.id) AS reposted_by_me,
  EXISTS (SELECT 1 FROM bookmarks bm WHERE bm.user_id = ${viewer}::bigint AND bm.post_id = p.id) AS bookmarked_by_me,
  ${liveBoost('user')} AS is_boosted,
  ${liveBoost('admin')} AS is_admin_boosted`;

/**
 * The post's file (by media_id) with a video's poster frame, and its author's profile image (one
 * row of the file, by storage key: a probe of media_storage_key).
 */
export const POST_JOINS = `JOIN users u ON u.id = p.user_id LEFT JOIN media m ON m.id = p.media_id ${posterJoin('m', 'mp')}
  LEFT JOIN LATERAL (SELECT a.width, a.height, a.placeholder, a.variants FROM media a
                      WHERE u.thumbnail LIKE '/uploads/%' AND a.storage_key = substr(u.thumbnail, 10) ORDER BY a.id LIMIT 1) am ON true`;

/** Posts by id, in any order (single post, originals of replies). $1 viewer, $2 bigint[] ids. */
export const POSTS_BY_IDS = `SELECT ${postColumns('$1')} FROM posts p ${POST_JOINS} WHERE p.id = ANY($2::bigint[])`;

/**
 * A post and the chain of its parents, nearest first up to THREAD.ancestorsMax of them, in one
 * recursive walk over the primary key; rows root first, the post last (depth 0). $1 viewer, $2 the post.
 */
export const THREAD_CHAIN = `
  WITH RECURSIVE chain (id, parent_id, depth) AS (
    SELECT id, parent_id, 0 FROM posts WHERE id = $2
    UNION ALL
    SELECT q.id, q.parent_id, c.depth + 1 FROM chain c JOIN posts q ON q.id = c.parent_id WHERE c.depth < ${THREAD.ancestorsMax}
  )
  SELECT ${postColumns('$1')}, chain.depth FROM chain JOIN posts p ON p.id = chain.id ${POST_JOINS}
   ORDER BY chain.depth DESC`;

/**
 * Hydrates a page: `inner` selects `id` and its sort keys (already filtered, keyset-limited,
 * ordered and limited); the outer query joins only those rows and keeps their order. By default
 * the keys are `k1` (a timestamptz) and `k2` (an id), returned as cursor_time / cursor_id.
 */
export const hydratePage = (
  inner: string,
  viewer: string,
  direction: 'ASC' | 'DESC',
  keys: string[] = ['k1', 'k2'],
  cursorColumns = `${timeKey('page.k1')} AS cursor_time, page.k2 AS cursor_id`,
) => `
  WITH page AS MATERIALIZED (${inner})
  SELECT ${postColumns(viewer)}, ${cursorColumns}
    FROM page JOIN posts p ON p.id = page.id ${POST_JOINS}
   ORDER BY ${keys.map((k) => `page.${k} ${direction}`).join(', ')}`;

/**
 * Of the posts $2 (bigint[]), those the viewer $1 liked, reposted or bookmarked, with which
 * (primary-key probes); with `notInterested` (the viewer marked some posts) also those marked so.
 */
export const viewerFlagsSql = (notInterested: boolean) => `
  SELECT f.* FROM (
    SELECT x.id, EXISTS (SELECT 1 FROM likes l WHERE l.user_id = $1::bigint AND l.post_id = x.id) AS liked_by_me,
           EXISTS (SELECT 1 FROM reposts r WHERE r.user_id = $1::bigint AND r.post_id = x.id) AS reposted_by_me,
           EXISTS (SELECT 1 FROM bookmarks bm WHERE bm.user_id = $1::bigint AND bm.post_id = x.id) AS bookmarked_by_me,
           ${notInterested ? 'EXISTS (SELECT 1 FROM post_not_interested ni WHERE ni.user_id = $1::bigint AND ni.post_id = x.id)' : 'false'} AS not_interested
      FROM unnest($2::bigint[]) AS x(id)) f
   WHERE f.liked_by_me OR f.reposted_by_me OR f.bookmarked_by_me OR f.not_interested`;

export const READ_SQL = {
  exists: `SELECT id, user_id, parent_id, reposts_count FROM posts WHERE id = $1`,
  history: `SELECT content, edited_at FROM post_edits WHERE post_id = $1 ORDER BY edited_at DESC, id DESC`,
  userByName: `SELECT id FROM users WHERE username = $1`,
  counts: `
    SELECT (SELECT count(*) FROM posts WHERE user_id = $1 AND parent_id IS NULL)::int AS posts,
           (SELECT count(*) FROM likes WHERE user_id = $1)::int AS likes,
           (SELECT count(*) FROM posts WHERE user_id = $1 AND parent_id IS NOT NULL)::int AS replies,
           (SELECT count(*) FROM reposts WHERE user_id = $1)::int AS reposts,
           (SELECT count(*) FROM posts WHERE user_id = $1 AND (media_url IS NOT NULL OR gif_url IS NOT NULL))::int AS media`,
};

/**
 * Before an account is deleted, in its transaction: its likes, reposts and replies leave the
 * counters of other people's posts (its own posts go with it). $1 the account.
 */
export const ACCOUNT_DELETION_SQL = [
  `UPDATE posts p SET likes_count = p.likes_count - 1
       FROM likes l WHERE l.user_id = $1 AND l.post_id = p.id AND p.user_id <> $1`,
  `UPDATE posts p SET reposts_count = p.reposts_count - 1
       FROM reposts r WHERE r.user_id = $1 AND r.post_id = p.id AND p.user_id <> $1`,
  `UPDATE posts p SET replies_count = p.replies_count - mine.n
       FROM (SELECT parent_id, count(*) AS n FROM posts WHERE user_id = $1 AND parent_id IS NOT NULL GROUP BY parent_id) mine
      WHERE p.id = mine.parent_id AND p.user_id <> $1`,
];

/**
 * A page of a post's likers, newest like first, keyset on (created_at, user_id) along
 * likes_post_recent. $1 the post, $2 the viewer (NULL signed out: isFollowing false), $3 the
 * accounts the viewer may not see (left out); with a cursor $4 time, $5 id. The page size is a
 * literal (limitLiteral).
 */
export function likersPageSql(withCursor: boolean, take: string): string {
  return `
    SELECT ${accountListColumns('$2')},
           ${timeKey('l.created_at')} AS cursor_time, l.user_id AS cursor_id
      FROM likes l JOIN users u ON u.id = l.user_id
     WHERE l.post_id = $1 AND l.user_id <> ALL ($3::bigint[])
       ${withCursor ? 'AND (l.created_at, l.user_id) < ($4::timestamptz, $5::bigint)' : ''}
     ORDER BY l.created_at DESC, l.user_id DESC
     LIMIT ${take}`;
}
