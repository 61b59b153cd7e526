/** SQL of mutes, blocks, muted words and Not interested. */
import { timeKey } from '../../common/db/sql-snippets';

/** The two lists of accounts a member hides; the same shape, so one set of statements serves both. */
export type HideTable = 'user_mutes' | 'user_blocks';

/**
 * A page of the accounts `$1` mutes or blocks, newest first, keyset on (created_at, target_id)
 * along the table's `_recent` index; with a cursor $2 time, $3 id. The page size is a literal.
 */
export function hiddenPageSql(table: HideTable, withCursor: boolean, take: string): string {
  return `
    SELECT u.id, u.username, u.name, u.thumbnail, h.created_at,
           ${timeKey('h.created_at')} AS cursor_time, h.target_id AS cursor_id
      FROM ${table} h JOIN users u ON u.id = h.target_id
     WHERE h.user_id = $1
       ${withCursor ? 'AND (h.created_at, h.target_id) < ($2::timestamptz, $3::bigint)' : ''}
     ORDER BY h.created_at DESC, h.target_id DESC
     LIMIT ${take}`;
}

export interface HiddenAccountRow {
  id: number;
  username: string;
  name: string | null;
  thumbnail: string | null;
  created_at: Date;
  cursor_time: string;
  cursor_id: number;
}

export interface MutedWordRow {
  id: number;
  word: string;
  created_at: Date;
}

/**
 * What $1 hides, in one read along primary keys and user_blocks_target: the accounts they mute,
 * block or are blocked by, their muted words, and whether they marked any post Not interested.
 */
export const HIDDEN_BY_VIEWER_SQL = `
  SELECT ARRAY(SELECT target_id FROM user_mutes WHERE user_id = $1
               UNION SELECT target_id FROM user_blocks WHERE user_id = $1
               UNION SELECT user_id FROM user_blocks WHERE target_id = $1) AS authors,
         ARRAY(SELECT word FROM muted_words WHERE user_id = $1 ORDER BY id) AS words,
         EXISTS (SELECT 1 FROM post_not_interested WHERE user_id = $1) AS not_interested`;

/** The running suspensions (few), each with its end in epoch milliseconds (NULL for good). */
export const RUNNING_SUSPENSIONS_SQL = `
  SELECT user_id, CASE WHEN until = 'infinity' THEN NULL ELSE (extract(epoch FROM until) * 1000)::float8 END AS until_ms
    FROM suspensions WHERE until > now()`;

export interface HiddenByViewerRow {
  authors: (number | string)[];
  words: string[];
  not_interested: boolean;
}

export interface RunningSuspensionRow {
  user_id: number;
  until_ms: number | null;
}
