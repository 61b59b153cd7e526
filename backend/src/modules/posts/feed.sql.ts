import type { FeedCategory } from '@cloud9/contracts';
import { hydratePage, POST_JOINS, postColumns } from './posts.sql';
import { containsPattern, limitLiteral, SqlParams } from '../../common/db/sql-params';
import { hiddenConditions, NOTHING_HIDDEN, type Hiding } from '../safety/hiding';

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

export interface TimeCursor {
  time: string;
  id: number;
}

/** Text match: full-text (posts_search) or the literal text anywhere (posts_content_trgm). */
function textCondition(params: SqlParams, text: string, alias = 'p'): string {
  return `(${alias}.search_vector @@ websearch_to_tsquery('english', ${params.add(text)})
           OR ${alias}.content ILIKE ${params.add(containsPattern(text))})`;
}

/** Conditions on `p` shared by the pinned and the keyset part, so pinned posts obey the same filters (the hide rule too). */
function conditions(f: FeedFilter, params: SqlParams, viewer: string, includeFollowing: boolean): string[] {
  const where = ['p.parent_id IS NULL', ...hiddenConditions(params, f.hiding ?? NOTHING_HIDDEN)];
  for (const author of f.authors) where.push(`p.user_id = (SELECT id FROM users WHERE username = ${params.add(author)})`);
  if (f.category) where.push(`p.category = ${params.add(f.category)}`);
  if (f.text) where.push(textCondition(params, f.text));
  if (f.following && includeFollowing) {
    where.push(`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewer}::bigint AND f.followed_id = p.user_id)`);
  }
  return where;
}

/**
 * The live boosted posts that match the filter (few: 1 admin + a handful of user boosts are
 * active at a time; capped anyway). orderFeed picks the pinned ones from these.
 */
export function pinnedCandidatesSql(f: FeedFilter): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(f.viewerId);
  const where = conditions(f, params, viewer, true);
  const sql = `
    SELECT ${postColumns(viewer)} FROM posts p ${POST_JOINS}
     WHERE p.id IN (SELECT b.post_id FROM boosts b
                     WHERE b.status = 'active' AND (b.expires_at IS NULL OR b.expires_at > now()))
       AND ${where.join(' AND ')}
     ORDER BY p.updated_at DESC, p.id DESC
     LIMIT 50`;
  return { sql, params: params.values };
}

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
 */
export function feedPageSql(
  f: FeedFilter,
  cursor: TimeCursor | undefined,
  pinnedIds: number[],
  take: number,
  plan: 'walk' | 'lateral' = followingPlanOf(f),
): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(f.viewerId);
  const where = conditions(f, params, viewer, false);
  if (cursor) where.push(`(p.created_at, p.id) < (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)`);
  if (pinnedIds.length) where.push(`p.id <> ALL(${params.add(pinnedIds)}::bigint[])`);
  const limit = limitLiteral(take);

  const lateral = `SELECT x.id, x.created_at AS k1, x.id AS k2
         FROM follows f
         CROSS JOIN LATERAL (
           SELECT p.id, p.created_at FROM posts p
            WHERE p.user_id = f.followed_id AND ${where.join(' AND ')}
            ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}) x
        WHERE f.follower_id = ${viewer}::bigint
        ORDER BY x.created_at DESC, x.id DESC LIMIT ${limit}`;
  const walk = `WITH walked AS MATERIALIZED (
          SELECT w.id, w.created_at FROM (
            SELECT p.id, p.created_at, p.user_id FROM posts p
             WHERE ${where.join(' AND ')}
             ORDER BY p.created_at DESC, p.id DESC LIMIT ${limitLiteral(FOLLOWING_WALK_ROWS)}) w
           WHERE (w.user_id IN (SELECT f.followed_id FROM follows f WHERE f.follower_id = ${viewer}::bigint)) IS TRUE
           ORDER BY w.created_at DESC, w.id DESC LIMIT ${limit})
        SELECT id, created_at AS k1, id AS k2 FROM walked WHERE (SELECT count(*) FROM walked) >= ${limit}
        UNION ALL
        (SELECT * FROM (${lateral}) l WHERE (SELECT count(*) FROM walked) < ${limit})`;

  const inner = !f.following
    ? `SELECT p.id, p.created_at AS k1, p.id AS k2 FROM posts p
        WHERE ${where.join(' AND ')}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`
    : plan === 'walk'
      ? walk
      : lateral;
  return { sql: hydratePage(inner, viewer, 'DESC'), params: params.values };
}

/** The lists behind the profile filter buttons and a post's replies, all keyset-paged. */
export type ListKind = 'replies' | 'liked' | 'reposts' | 'media' | 'thread';

/**
 * `ownerId` is the profile's user (or, for 'thread', the parent post). Replies of a thread read
 * oldest first (posts_replies); the profile lists newest first (posts_author, likes_user_recent,
 * reposts_user_recent). `hiding` leaves out what the viewer does not see (liked and reposted posts
 * are then joined to their posts in the walk).
 */
export function listPageSql(
  kind: ListKind,
  ownerId: number,
  viewerId: number | null,
  cursor: TimeCursor | undefined,
  take: number,
  hiding: Hiding = NOTHING_HIDDEN,
): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(viewerId);
  const owner = params.add(ownerId);
  const hidden = hiddenConditions(params, hiding).map((c) => `AND ${c}`).join(' ');
  const after = (time: string, id: string, op: '<' | '>') =>
    cursor ? `AND (${time}, ${id}) ${op} (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)` : '';
  let inner: string;
  switch (kind) {
    case 'thread':
      inner = `SELECT p.id, p.created_at AS k1, p.id AS k2 FROM posts p
                WHERE p.parent_id = ${owner} ${hidden} ${after('p.created_at', 'p.id', '>')}
                ORDER BY p.created_at, p.id LIMIT ${limitLiteral(take)}`;
      return { sql: hydratePage(inner, viewer, 'ASC'), params: params.values };
    case 'liked':
    case 'reposts': {
      const table = kind === 'liked' ? 'likes' : 'reposts';
      inner = `SELECT x.post_id AS id, x.created_at AS k1, x.post_id AS k2 FROM ${table} x ${hidden ? 'JOIN posts p ON p.id = x.post_id' : ''}
                WHERE x.user_id = ${owner} ${hidden} ${after('x.created_at', 'x.post_id', '<')}
                ORDER BY x.created_at DESC, x.post_id DESC LIMIT ${limitLiteral(take)}`;
      break;
    }
    case 'replies':
    case 'media': {
      const which = kind === 'replies' ? 'p.parent_id IS NOT NULL' : '(p.media_url IS NOT NULL OR p.gif_url IS NOT NULL)';
      inner = `SELECT p.id, p.created_at AS k1, p.id AS k2 FROM posts p
                WHERE p.user_id = ${owner} AND ${which} ${hidden} ${after('p.created_at', 'p.id', '<')}
                ORDER BY p.created_at DESC, p.id DESC LIMIT ${limitLiteral(take)}`;
      break;
    }
  }
  return { sql: hydratePage(inner, viewer, 'DESC'), params: params.values };
}

/**
 * One keyset page of the posts and replies carrying `tag` (normalised), newest first by (created_at,
 * id) like the feeds, along post_tags_feed; only the page's rows are joined to posts, unless the
 * viewer hides something (the walk then reads each post to judge it).
 */
export function tagPageSql(tag: string, viewerId: number | null, cursor: TimeCursor | undefined, take: number, hiding: Hiding = NOTHING_HIDDEN): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(viewerId);
  const hidden = hiddenConditions(params, hiding).map((c) => `AND ${c}`).join(' ');
  const after = cursor ? `AND (t.created_at, t.post_id) < (${params.add(cursor.time)}::timestamptz, ${params.add(cursor.id)}::bigint)` : '';
  const inner = `SELECT t.post_id AS id, t.created_at AS k1, t.post_id AS k2 FROM post_tags t ${hidden ? 'JOIN posts p ON p.id = t.post_id' : ''}
                  WHERE t.tag = ${params.add(tag)} ${hidden} ${after}
                  ORDER BY t.created_at DESC, t.post_id DESC LIMIT ${limitLiteral(take)}`;
  return { sql: hydratePage(inner, viewer, 'DESC'), params: params.values };
}
