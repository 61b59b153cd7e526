import { hydratePage } from '../posts/posts.sql';
import { containsPattern, SqlParams } from '../posts/sql-params';

/** Each matcher contributes at most this many candidates from anywhere, so ranking cost stays bounded. */
export const SEARCH_CANDIDATES = 500;
/** ...plus its matches among this many newest posts (a bounded walk of posts_pkey), so recent posts are never missed. */
export const RECENT_WINDOW = 20000;
/** Trigram indexes need 3 characters; shorter input is matched by full-text only. */
const TRIGRAM_MIN = 3;

export interface RankCursor {
  rank: number;
  similarity: number;
  id: number;
}

/**
 * Post search (top-level posts and replies): candidates are full-text matches (posts_search) and
 * partial-word matches (posts_content_trgm), each capped (see below); they are
 * ranked by full-text rank, then trigram similarity, then recency (id), and keyset-paged on that
 * triple. The user's text is only ever a parameter.
 */
export function searchPostsSql(text: string, viewerId: number | null, cursor: RankCursor | undefined, take: number): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const viewer = params.add(viewerId);
  const tsquery = `websearch_to_tsquery('english', ${params.add(text)})`;
  const raw = params.add(text);
  const fullText = `p.search_vector @@ ${tsquery}`;
  const matchers = [fullText];
  if ([...text].length >= TRIGRAM_MIN) matchers.push(`p.content ILIKE ${params.add(containsPattern(text))}`);
  // Per matcher: its newest matches among the newest posts, and any matches the index finds first.
  // Ordering all matches by recency would read every match of a common word, or walk the whole
  // table for a word that is not there.
  const recent = `p.id > (SELECT max(id) FROM posts) - ${RECENT_WINDOW}`;
  const candidates = matchers
    .flatMap((m) => [
      `(SELECT p.id FROM posts p WHERE ${m} AND ${recent} ORDER BY p.id DESC LIMIT ${SEARCH_CANDIDATES})`,
      `(SELECT p.id FROM posts p WHERE ${m} LIMIT ${SEARCH_CANDIDATES})`,
    ])
    .join(' UNION ');
  const after = cursor
    ? `WHERE (r, s, id) < (${params.add(cursor.rank)}::float8, ${params.add(cursor.similarity)}::float8, ${params.add(cursor.id)}::bigint)`
    : '';
  const inner = `
    WITH candidates AS (${candidates}), scored AS (
      SELECT p.id, ts_rank(p.search_vector, ${tsquery})::float8 AS r, similarity(p.content, ${raw})::float8 AS s
        FROM candidates c JOIN posts p ON p.id = c.id
    )
    SELECT id, r, s FROM scored ${after} ORDER BY r DESC, s DESC, id DESC LIMIT ${params.add(take)}`;
  const sql = hydratePage(inner, viewer, 'DESC', ['r', 's', 'id'], 'page.r AS cursor_rank, page.s AS cursor_similarity, page.id AS cursor_id');
  return { sql, params: params.values };
}

/** Users by username or name: exact, then prefix, then trigram similarity; at most 20. */
export function searchUsersSql(name: string): { sql: string; params: unknown[] } {
  const params = new SqlParams();
  const exact = params.add(name);
  const prefix = params.add(`${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const sql = `
    SELECT id, username, name, thumbnail FROM users
     WHERE username::text ILIKE ${prefix} OR name ILIKE ${prefix} OR username::text % ${exact} OR name % ${exact}
     ORDER BY (username = ${exact}) DESC,
              (username::text ILIKE ${prefix} OR name ILIKE ${prefix}) DESC,
              greatest(similarity(username::text, ${exact}), similarity(coalesce(name, ''), ${exact})) DESC,
              username
     LIMIT 20`;
  return { sql, params: params.values };
}
