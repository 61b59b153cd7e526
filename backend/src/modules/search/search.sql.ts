import { hydratePage } from '../posts/public';
import { containsPattern, limitLiteral, SqlParams } from '../../common/db/sql-params';
import { blockedBetweenSql, hiddenConditions, NOTHING_HIDDEN, type Hiding } from '../safety/public';

/** The search ranks at most this many of the newest matches (more only when those are few, see below). */
export const SEARCH_CANDIDATES = 200;
/** The newest matches are looked for among this many newest posts (a bounded walk of posts_pkey). */
const RECENT_WINDOW = 5000;
/** Trigram indexes need 3 characters; shorter input is matched by full-text only. */
const TRIGRAM_MIN = 3;

export interface RankCursor {
  rank: number;
  similarity: number;
  id: number;
}

/**
 * The parsed query, as a scalar subquery: PostgreSQL evaluates it once per statement (an InitPlan),
 * where a bare `websearch_to_tsquery($n)` in a prepared statement is parsed again for every row.
 */
const tsqueryOf = (param: string) => `(SELECT websearch_to_tsquery('english', ${param}))`;

/**
 * A post matches by full-text (posts_search) or, from 3 characters, as a partial word. Through the
 * trigram index (posts_content_trgm) that is `content ILIKE`; on a walk of rows it is the same test
 * written `lower(content) LIKE lower(pattern)`, which is what ILIKE does in a UTF-8 database, minus
 * its per-row overhead (about 35 % of the walk).
 */
function matchers(params: SqlParams, text: string, alias: string, by: 'index' | 'walk'): string[] {
  const found = [`${alias}.search_vector @@ ${tsqueryOf(params.add(text))}`];
  if ([...text].length < TRIGRAM_MIN) return found;
  const pattern = params.add(containsPattern(text));
  found.push(by === 'index' ? `${alias}.content ILIKE ${pattern}` : `lower(${alias}.content) LIKE (SELECT lower(${pattern}))`);
  return found;
}

/**
 * Post search (top-level posts and replies), in up to three statements, so a common word costs a
 * few milliseconds and the statements that run on every search can be prepared:
 *  1. recentMatchesSql: the newest SEARCH_CANDIDATES matches (full-text or partial word) among
 *     the newest RECENT_WINDOW posts, by a walk of posts_pkey that stops as soon as it has them.
 *     Its plan is the same for every word (the walk is fenced by its LIMIT), so it is prepared.
 *  2. olderMatchesSql, only when (1) found fewer (a rare word): up to SEARCH_CANDIDATES more
 *     matches per matcher from anywhere, through the GIN indexes. Not prepared: whether an index
 *     or a scan finds them sooner depends on the word, so it is planned for the word each time.
 *  3. rankedPageSql: those candidates ranked by full-text rank, then (for partial-word matches,
 *     which have no full-text rank) trigram similarity, then recency (id), keyset-paged on that
 *     triple, hydrated. Prepared.
 * A common word thus ranks only its newest matches (recency is part of relevance in a feed);
 * every page of one query sees the same candidates as long as no post is added or removed.
 * The user's text is only ever a parameter.
 */
export function recentMatchesSql(text: string): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const sql = `
    SELECT w.id FROM (SELECT p.id, p.search_vector, p.content FROM posts p ORDER BY p.id DESC LIMIT ${limitLiteral(RECENT_WINDOW)}) w
     WHERE ${matchers(params, text, 'w', 'walk').join(' OR ')}
     ORDER BY w.id DESC LIMIT ${limitLiteral(SEARCH_CANDIDATES)}`;
  return { sql, params: params.values };
}

export function olderMatchesSql(text: string): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const sql = matchers(params, text, 'p', 'index')
    .map((m) => `(SELECT p.id FROM posts p WHERE ${m} LIMIT ${limitLiteral(SEARCH_CANDIDATES)})`)
    .join(' UNION ');
  return { sql, params: params.values };
}

/** `hiding` leaves out the candidates the viewer does not see. */
export function rankedPageSql(
  candidateIds: number[],
  text: string,
  viewerId: number | null,
  cursor: RankCursor | undefined,
  take: number,
  hiding: Hiding = NOTHING_HIDDEN,
): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(viewerId);
  const ids = params.add(candidateIds);
  const hidden = hiddenConditions(params, hiding).map((c) => `AND ${c}`).join(' ');
  const tsquery = tsqueryOf(params.add(text));
  const raw = params.add(text);
  // Similarity orders only what full-text does not find; equally ranked full-text matches go newest
  // first. It is the costly part (about 20 µs a post, 85 % of ranking 200 candidates).
  const similarity = `CASE WHEN p.search_vector @@ ${tsquery} THEN 0 ELSE similarity(p.content, ${raw}) END`;
  const after = cursor
    ? `WHERE (r, s, id) < (${params.add(cursor.rank)}::float8, ${params.add(cursor.similarity)}::float8, ${params.add(cursor.id)}::bigint)`
    : '';
  const inner = `
    WITH scored AS (
      SELECT p.id, ts_rank(p.search_vector, ${tsquery})::float8 AS r, (${similarity})::float8 AS s
        FROM posts p WHERE p.id = ANY(${ids}::bigint[]) ${hidden}
    )
    SELECT id, r, s FROM scored ${after} ORDER BY r DESC, s DESC, id DESC LIMIT ${limitLiteral(take)}`;
  const sql = hydratePage(inner, viewer, 'DESC', ['r', 's', 'id'], 'page.r AS cursor_rank, page.s AS cursor_similarity, page.id AS cursor_id');
  return { sql, params: params.values };
}

/**
 * Users by username or name: exact, then prefix, then trigram similarity; at most 20. For a signed-in
 * `viewerId`, never an account with a block between it and the viewer, either way.
 */
export function searchUsersSql(name: string, viewerId: number | null): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const exact = params.add(name);
  const prefix = params.add(`${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const unblocked = viewerId === null ? '' : `AND NOT ${blockedBetweenSql(`${params.add(viewerId)}::bigint`, 'users.id')}`;
  const sql = `
    SELECT id, username, name, thumbnail FROM users
     WHERE (username::text ILIKE ${prefix} OR name ILIKE ${prefix} OR username::text % ${exact} OR name % ${exact}) ${unblocked}
     ORDER BY (username = ${exact}) DESC,
              (username::text ILIKE ${prefix} OR name ILIKE ${prefix}) DESC,
              greatest(similarity(username::text, ${exact}), similarity(coalesce(name, ''), ${exact})) DESC,
              username
     LIMIT 20`;
  return { sql, params: params.values };
}
