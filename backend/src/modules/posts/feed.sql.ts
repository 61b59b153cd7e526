import type { FeedCategory } from '@cloud9/contracts';
import { hydratePage, POST_JOINS, postColumns } from './posts.sql';
import type { TimeCursor } from '../../common/db/cursor';
import { containsPattern, limitLiteral, SqlParams } from '../../common/db/sql-params';
import { timeKey } from '../../common/db/sql-snippets';
import { hiddenConditions, NOTHING_HIDDEN, type Hiding } from '../safety/public';

/** What a home feed shows; every part narrows it; all filtering is done here, in SQL. */
export interface FeedFilter {
  viewerId: number | null;
  /** Only posts of these usernames (the `username` query and `@user` search tokens). */
  authors: string[];
  category?: FeedCategory;
  /** Full-text or partial-word match on the content. */
  text?: string;
  /** Only authors the viewer follows. */
  following: boolean;
  /** How many accounts the viewer follows (picks the following feed's plan; unknown: the LATERAL plan). */
  followingCount?: number;
  /** What the viewer does not see (the hide rule); nothing when absent. */
  hiding?: Hiding;
}

/** From this many followed accounts on, the following feed walks the global feed index first. */
export const FOLLOWING_WALK_MIN = 200;
/** ...looking at most this many newest feed entries before falling back to the per-author plan. */
export const FOLLOWING_WALK_ROWS = 10000;

/** Which plan feedPageSql uses for the following feed of this filter. */
export const followingPlanOf = (f: FeedFilter): 'walk' | 'lateral' =>
  (f.followingCount ?? 0) >= FOLLOWING_WALK_MIN ? 'walk' : 'lateral';

/** Trigram matching needs 3 characters: shorter search-box text matches whole words only (as post search). */
const PARTIAL_WORD_MIN = 3;

/**
 * Text match on a walked row: full-text (the query parsed once per statement, an InitPlan), and from
 * PARTIAL_WORD_MIN characters the literal text anywhere, written `lower(content) LIKE lower(pattern)`
 * (what ILIKE does in a UTF-8 database, minus its per-row overhead).
 */
function textCondition(params: SqlParams, text: string, alias = 'p'): string {
  const fullText = `${alias}.search_vector @@ (SELECT websearch_to_tsquery('english', ${params.add(text)}))`;
  if ([...text].length < PARTIAL_WORD_MIN) return fullText;
  return `(${fullText} OR lower(${alias}.content) LIKE (SELECT lower(${params.add(containsPattern(text))})))`;
}

/**
 * The filter's conditions on `p`, split by where they apply: `index` ones pick the rows an index
 * walk visits (the parent, the author, the plain feed's category), `after` ones are judged on each
 * visited row (the hide rule, the text, the following feed's category): those are what a bounded
 * walk (boundedWalk) limits.
 */
function conditions(f: FeedFilter, params: SqlParams): { index: string[]; after: string[] } {
  const index = ['p.parent_id IS NULL'];
  const after = hiddenConditions(params, f.hiding ?? NOTHING_HIDDEN);
  for (const author of f.authors) index.push(`p.user_id = (SELECT id FROM users WHERE username = ${params.add(author)})`);
  if (f.category) (f.following ? after : index).push(`p.category = ${params.add(f.category)}`);
  if (f.text) after.push(textCondition(params, f.text));
  return { index, after };
}

/** The hydrated row's cursor columns of a bounded walk's page: the usual time key, and the scan-end mark. */
const SCAN_CURSOR = `${timeKey('page.k1')} AS cursor_time, page.k2 AS cursor_id, page.scan_end`;

/**
 * A keyset page whose `after` conditions are judged row by row, examining at most `scan` rows:
 * `walk(tail)` selects the walked rows (id, keys k1 and k2, and the columns the conditions read, as
 * `p`) in page order, ending with `tail`; `keys(tail)` the same rows' id, k1, k2 only (an index-only
 * walk where it can be). The result's rows (id, k1, k2, scan_end) are the first `take` rows that
 * pass and, when fewer pass and the walk stopped at `scan` rows, the last row it examined marked
 * `scan_end`: its key is the cursor to go on from (toPage), so a page may be short but never slow.
 * The walk is lazy: a viewer whose conditions pass most rows reads about `take` of them, as before.
 */
function boundedWalk(walk: (tail: string) => string, keys: (tail: string) => string, after: string[], take: number, scan: number, direction: 'ASC' | 'DESC' = 'DESC'): string {
  return `WITH found AS MATERIALIZED (
      SELECT p.id, p.k1, p.k2 FROM (${walk(`LIMIT ${limitLiteral(scan)}`)}) p
       WHERE ${after.join(' AND ')}
       ORDER BY p.k1 ${direction}, p.k2 ${direction} LIMIT ${limitLiteral(take)})
    SELECT id, k1, k2, false AS scan_end FROM found
    UNION ALL
    SELECT e.id, e.k1, e.k2, true FROM (${keys(`OFFSET ${scan - 1} LIMIT 1`)}) e
     WHERE (SELECT count(*) FROM found) < ${limitLiteral(take)}`;
}

/**
 * The live boosted posts that match the filter (few: 1 admin + a handful of user boosts are
 * active at a time; capped anyway). orderFeed picks the pinned ones from these.
 */
export function pinnedCandidatesSql(f: FeedFilter): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(f.viewerId);
  const { index, after } = conditions(f, params);
  const where = [...index, ...after];
  if (f.following) where.push(`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewer}::bigint AND f.followed_id = p.user_id)`);
  const sql = `
    SELECT ${postColumns(viewer)} FROM posts p ${POST_JOINS}
     WHERE p.id IN (SELECT b.post_id FROM boosts b
                     WHERE b.status = 'active' AND (b.expires_at IS NULL OR b.expires_at > now()))
       AND ${where.join(' AND ')}
     ORDER BY p.updated_at DESC, p.id DESC
     LIMIT 50`;
  return { sql, params: params.values };
}

/** How many rows a keyset walk with filters examines at most by default (FEED_SCAN_LIMIT). */
const FEED_SCAN_LIMIT_DEFAULT = 5000;

/**
 * One keyset page of the feed by (created_at DESC, id DESC), without the pinned ids. The plain
 * feed walks posts_feed / posts_category_feed / posts_author. The following feed has two plans
 * that return the same rows (`plan` overrides the choice, for tests):
 *  - 'lateral', for viewers following few accounts: driven by the viewer's follows, taking at most
 *    `take` newest posts per followed author from posts_author and merging them, so its cost is
 *    bounded by the number of followed accounts, not by the table;
 *  - 'walk', for viewers following many (FOLLOWING_WALK_MIN): walks the global feed index
 *    (posts_feed_authors, index-only: it carries user_id) newest first and keeps the posts whose
 *    author is in a hash of the viewer's follows, stopping at `take` rows. The walk looks at no
 *    more than FOLLOWING_WALK_ROWS entries; when that yields fewer than `take` rows it is not
 *    known to be the whole answer, and the 'lateral' part runs instead (exactly one part returns
 *    rows). The hash probe is written `(... IN (SELECT ...)) IS TRUE` so PostgreSQL keeps it a
 *    hashed subplan instead of turning it into a join driven by the follows, which a generic
 *    (prepared) plan would do for any viewer, as it assumes an average follow count.
 * With conditions judged row by row (the viewer's hide rule, a text, the following feed's category)
 * no walk examines more than `scan` rows (FEED_SCAN_LIMIT; see boundedWalk): the plain feed's walk
 * stops there and answers what it found with the cursor to go on from; the following walk counts
 * its FOLLOWING_WALK_ROWS before the conditions; the per-author plan still reads at most `take` rows
 * per followed account and answers only the rows above the newest point where an author's read
 * stopped (every author's rows above it were read), with that point as the cursor when they are
 * fewer than a page. A viewer without such conditions runs the statements as before.
 */
export function feedPageSql(
  f: FeedFilter,
  cursor: TimeCursor | undefined,
  pinnedIds: number[],
  take: number,
  plan: 'walk' | 'lateral' = followingPlanOf(f),
  scan = FEED_SCAN_LIMIT_DEFAULT,
): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(f.viewerId);
  const { index, after } = conditions(f, params);
  if (cursor) index.push(`(p.created_at, p.id) < (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)`);
  if (pinnedIds.length) index.push(`p.id <> ALL(${params.add(pinnedIds)}::bigint[])`);
  const limit = limitLiteral(take);
  const newest = 'ORDER BY p.created_at DESC, p.id DESC';
  const follows = `SELECT f.followed_id FROM follows f WHERE f.follower_id = ${viewer}::bigint`;

  if (!after.length) {
    const where = index.join(' AND ');
    const lateral = `SELECT x.id, x.created_at AS k1, x.id AS k2
           FROM follows f
           CROSS JOIN LATERAL (
             SELECT p.id, p.created_at FROM posts p
              WHERE p.user_id = f.followed_id AND ${where}
              ${newest} LIMIT ${limit}) x
          WHERE f.follower_id = ${viewer}::bigint
          ORDER BY x.created_at DESC, x.id DESC LIMIT ${limit}`;
    const walk = `WITH walked AS MATERIALIZED (
            SELECT w.id, w.created_at FROM (
              SELECT p.id, p.created_at, p.user_id FROM posts p
               WHERE ${where}
               ${newest} LIMIT ${limitLiteral(FOLLOWING_WALK_ROWS)}) w
             WHERE (w.user_id IN (${follows})) IS TRUE
             ORDER BY w.created_at DESC, w.id DESC LIMIT ${limit})
          SELECT id, created_at AS k1, id AS k2 FROM walked WHERE (SELECT count(*) FROM walked) >= ${limit}
          UNION ALL
          (SELECT * FROM (${lateral}) l WHERE (SELECT count(*) FROM walked) < ${limit})`;
    const inner = !f.following
      ? `SELECT p.id, p.created_at AS k1, p.id AS k2 FROM posts p
          WHERE ${where}
          ${newest} LIMIT ${limit}`
      : plan === 'walk'
        ? walk
        : lateral;
    return { sql: hydratePage(inner, viewer, 'DESC'), params: params.values };
  }

  // The columns the `after` conditions read, as `p`.
  const columns = `p.id, p.created_at AS k1, p.id AS k2, p.user_id, p.content${f.text ? ', p.search_vector' : ''}`;
  const where = (extra: string[] = []) => [...extra, ...index].join(' AND ');
  const judged = after.join(' AND ');
  // Per followed author at most `take` rows, judged; `n` = take marks where an author's read stopped.
  const lateral = `WITH lat AS MATERIALIZED (
          SELECT x.id, x.k1, x.k2, x.keep, x.n FROM follows f
           CROSS JOIN LATERAL (
             SELECT p.id, p.k1, p.k2, (${judged}) AS keep, row_number() OVER (ORDER BY p.k1 DESC, p.k2 DESC) AS n
               FROM (SELECT ${columns} FROM posts p WHERE ${where(['p.user_id = f.followed_id'])} ${newest} LIMIT ${limit}) p) x
          WHERE f.follower_id = ${viewer}::bigint AND (x.keep OR x.n = ${limit})),
        cut AS MATERIALIZED (SELECT id, k1, k2 FROM lat WHERE n = ${limit} ORDER BY k1 DESC, k2 DESC LIMIT 1),
        found AS MATERIALIZED (
          SELECT l.id, l.k1, l.k2 FROM lat l
           WHERE l.keep AND NOT EXISTS (SELECT 1 FROM cut c WHERE (l.k1, l.k2) < (c.k1, c.k2))
           ORDER BY l.k1 DESC, l.k2 DESC LIMIT ${limit})
        SELECT id, k1, k2, false AS scan_end FROM found
        UNION ALL
        SELECT id, k1, k2, true FROM cut WHERE (SELECT count(*) FROM found) < ${limit}`;
  const walk = `WITH walked AS MATERIALIZED (
          SELECT p.id, p.k1, p.k2 FROM (SELECT ${columns} FROM posts p WHERE ${where()} ${newest} LIMIT ${limitLiteral(FOLLOWING_WALK_ROWS)}) p
           WHERE (p.user_id IN (${follows})) IS TRUE AND ${judged}
           ORDER BY p.k1 DESC, p.k2 DESC LIMIT ${limit})
        SELECT id, k1, k2, false AS scan_end FROM walked WHERE (SELECT count(*) FROM walked) >= ${limit}
        UNION ALL
        (SELECT * FROM (${lateral}) l WHERE (SELECT count(*) FROM walked) < ${limit})`;
  const inner = !f.following
    ? boundedWalk(
        (tail) => `SELECT ${columns} FROM posts p WHERE ${where()} ${newest} ${tail}`,
        (tail) => `SELECT p.id, p.created_at AS k1, p.id AS k2 FROM posts p WHERE ${where()} ${newest} ${tail}`,
        after,
        take,
        scan,
      )
    : plan === 'walk'
      ? walk
      : lateral;
  return { sql: hydratePage(inner, viewer, 'DESC', ['k1', 'k2'], SCAN_CURSOR), params: params.values };
}

/** The lists behind the profile filter buttons and a post's replies, all keyset-paged. */
export type ListKind = 'replies' | 'liked' | 'reposts' | 'media' | 'thread';

/**
 * `ownerId` is the profile's user (or, for 'thread', the parent post). Replies of a thread read
 * oldest first (posts_replies); the profile lists newest first (posts_author, likes_user_recent,
 * reposts_user_recent). `hiding` leaves out what the viewer does not see (liked and reposted posts
 * are then joined to their posts in the walk). Whatever is judged row by row (the hide rule, and
 * which of an author's posts are replies or carry media) is a bounded walk of at most `scan` rows.
 */
export function listPageSql(
  kind: ListKind,
  ownerId: number,
  viewerId: number | null,
  cursor: TimeCursor | undefined,
  take: number,
  hiding: Hiding = NOTHING_HIDDEN,
  scan = FEED_SCAN_LIMIT_DEFAULT,
): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(viewerId);
  const owner = params.add(ownerId);
  const hidden = hiddenConditions(params, hiding);
  const after = (time: string, id: string, op: '<' | '>') =>
    cursor ? `AND (${time}, ${id}) ${op} (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)` : '';
  const limit = limitLiteral(take);
  const bounded = (walk: (tail: string) => string, keys: (tail: string) => string, judged: string[], direction: 'ASC' | 'DESC') =>
    hydratePage(boundedWalk(walk, keys, judged, take, scan, direction), viewer, direction, ['k1', 'k2'], SCAN_CURSOR);
  switch (kind) {
    case 'thread': {
      const keyset = after('p.created_at', 'p.id', '>');
      if (!hidden.length) {
        const inner = `SELECT p.id, p.created_at AS k1, p.id AS k2 FROM posts p
                WHERE p.parent_id = ${owner} ${keyset}
                ORDER BY p.created_at, p.id LIMIT ${limit}`;
        return { sql: hydratePage(inner, viewer, 'ASC'), params: params.values };
      }
      const walk = (columns: string) => (tail: string) =>
        `SELECT ${columns} FROM posts p WHERE p.parent_id = ${owner} ${keyset} ORDER BY p.created_at, p.id ${tail}`;
      return { sql: bounded(walk('p.id, p.created_at AS k1, p.id AS k2, p.user_id, p.content'), walk('p.id, p.created_at AS k1, p.id AS k2'), hidden, 'ASC'), params: params.values };
    }
    case 'liked':
    case 'reposts': {
      const table = kind === 'liked' ? 'likes' : 'reposts';
      const keyset = after('x.created_at', 'x.post_id', '<');
      const keys = (tail: string) =>
        `SELECT x.post_id AS id, x.created_at AS k1, x.post_id AS k2 FROM ${table} x
          WHERE x.user_id = ${owner} ${keyset} ORDER BY x.created_at DESC, x.post_id DESC ${tail}`;
      if (!hidden.length) return { sql: hydratePage(keys(`LIMIT ${limit}`), viewer, 'DESC'), params: params.values };
      // The post of each walked row, read by its primary key (OFFSET 0 keeps it a per-row probe).
      const walk = (tail: string) =>
        `SELECT k.id, k.k1, k.k2, q.user_id, q.content FROM (${keys(tail)}) k
          CROSS JOIN LATERAL (SELECT p.user_id, p.content FROM posts p WHERE p.id = k.id OFFSET 0) q`;
      return { sql: bounded(walk, keys, hidden, 'DESC'), params: params.values };
    }
    case 'replies':
    case 'media': {
      const which = kind === 'replies' ? 'p.parent_id IS NOT NULL' : '(p.media_url IS NOT NULL OR p.gif_url IS NOT NULL)';
      const keyset = after('p.created_at', 'p.id', '<');
      const walk = (columns: string) => (tail: string) =>
        `SELECT ${columns} FROM posts p WHERE p.user_id = ${owner} ${keyset} ORDER BY p.created_at DESC, p.id DESC ${tail}`;
      const columns = 'p.id, p.created_at AS k1, p.id AS k2, p.user_id, p.content, p.parent_id, p.media_url, p.gif_url';
      return { sql: bounded(walk(columns), walk('p.id, p.created_at AS k1, p.id AS k2'), [which, ...hidden], 'DESC'), params: params.values };
    }
  }
}

/**
 * One keyset page of the posts and replies carrying `tag` (normalised), newest first by (created_at,
 * id) like the feeds, along post_tags_feed; only the page's rows are joined to posts, unless the
 * viewer hides something (the walk then reads each post to judge it, at most `scan` of them).
 */
export function tagPageSql(
  tag: string,
  viewerId: number | null,
  cursor: TimeCursor | undefined,
  take: number,
  hiding: Hiding = NOTHING_HIDDEN,
  scan = FEED_SCAN_LIMIT_DEFAULT,
): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(viewerId);
  const hidden = hiddenConditions(params, hiding);
  const keyset = cursor ? `AND (t.created_at, t.post_id) < (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)` : '';
  const tagged = params.add(tag);
  const keys = (tail: string) =>
    `SELECT t.post_id AS id, t.created_at AS k1, t.post_id AS k2 FROM post_tags t
      WHERE t.tag = ${tagged} ${keyset} ORDER BY t.created_at DESC, t.post_id DESC ${tail}`;
  if (!hidden.length) return { sql: hydratePage(keys(`LIMIT ${limitLiteral(take)}`), viewer, 'DESC'), params: params.values };
  const walk = (tail: string) =>
    `SELECT k.id, k.k1, k.k2, q.user_id, q.content FROM (${keys(tail)}) k
      CROSS JOIN LATERAL (SELECT p.user_id, p.content FROM posts p WHERE p.id = k.id OFFSET 0) q`;
  const inner = boundedWalk(walk, keys, hidden, take, scan);
  return { sql: hydratePage(inner, viewer, 'DESC', ['k1', 'k2'], SCAN_CURSOR), params: params.values };
}
