/** SQL of mutes, blocks, muted words and Not interested. */
import { sql, type Expression, type SqlBool } from 'kysely';
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
 * What $1 hides, in one read along primary keys and user_blocks_target: the accounts they mute, the
 * accounts with a block between them either way (apart: a muted account's post may still be opened),
 * their muted words, and whether they marked any post Not interested.
 */
export const HIDDEN_BY_VIEWER_SQL = `
  SELECT ARRAY(SELECT target_id FROM user_mutes WHERE user_id = $1) AS muted,
         ARRAY(SELECT target_id FROM user_blocks WHERE user_id = $1
               UNION SELECT user_id FROM user_blocks WHERE target_id = $1) AS blocked,
         ARRAY(SELECT word FROM muted_words WHERE user_id = $1 ORDER BY id) AS words,
         EXISTS (SELECT 1 FROM post_not_interested WHERE user_id = $1) AS not_interested`;

/** The running suspensions (few), each with its end in epoch milliseconds (NULL for good). */
export const RUNNING_SUSPENSIONS_SQL = `
  SELECT user_id, CASE WHEN until = 'infinity' THEN NULL ELSE (extract(epoch FROM until) * 1000)::float8 END AS until_ms
    FROM suspensions WHERE until > now()`;

export interface HiddenByViewerRow {
  muted: (number | string)[];
  blocked: (number | string)[];
  words: string[];
  not_interested: boolean;
}

export interface RunningSuspensionRow {
  user_id: number;
  until_ms: number | null;
}

/**
 * Whether a block stands between accounts `a` and `b`, either way: two primary-key probes. `a` and
 * `b` are SQL expressions (a column, a parameter); the snippet is for statements that must leave
 * out what passes between two blocked accounts (alerts, the block rule's lookups).
 */
export const blockedBetweenSql = (a: string, b: string): string =>
  `(EXISTS (SELECT 1 FROM user_blocks bl WHERE bl.user_id = ${a} AND bl.target_id = ${b})
    OR EXISTS (SELECT 1 FROM user_blocks bl WHERE bl.user_id = ${b} AND bl.target_id = ${a}))`;

/** Whether `owner` mutes `target` (one primary-key probe). */
export const mutesSql = (owner: string, target: string): string => `EXISTS (SELECT 1 FROM user_mutes mu WHERE mu.user_id = ${owner} AND mu.target_id = ${target})`;

/** blockedBetweenSql and mutesSql for Kysely statements, where either side may be a value (`sql.val`) or a column (`sql.ref`). */
export const blockedOrMuted = (owner: Expression<unknown>, other: Expression<unknown>): Expression<SqlBool> =>
  sql<SqlBool>`(EXISTS (SELECT 1 FROM user_blocks bl WHERE bl.user_id = ${owner} AND bl.target_id = ${other})
    OR EXISTS (SELECT 1 FROM user_blocks bl WHERE bl.user_id = ${other} AND bl.target_id = ${owner})
    OR EXISTS (SELECT 1 FROM user_mutes mu WHERE mu.user_id = ${owner} AND mu.target_id = ${other}))`;

/**
 * `owner`'s muted words as one case-insensitive PostgreSQL pattern (use with `~*` on NFC text), or
 * NULL when they mute none: the server-side twin of `matchesMutedWords` (contracts). Each word is
 * escaped (every character that is neither a letter, a digit nor a space gets a backslash, which an
 * ARE reads as that character), its spaces match any run of whitespace, and a match must not touch
 * a letter, digit or underscore on either side. Letters and case follow the database's ctype, a
 * UTF-8 locale: "cat" matches "Cat!" and "#cat", not "category"; "café" not "cafés".
 */
export const mutedWordsPatternSql = (owner: string): string =>
  `(SELECT '(?<![[:alnum:]_])(?:' || string_agg(replace(regexp_replace(mw.word, '([^[:alnum:][:space:]])', '\\\\\\1', 'g'), ' ', '\\s+'), '|') || ')(?![[:alnum:]_])'
      FROM muted_words mw WHERE mw.user_id = ${owner})`;

/** The block rule's lookups: $1 the viewer, $2 the other account's id, username, or a post of theirs. */
export const BLOCK_SQL = {
  user: `SELECT ${blockedBetweenSql('$1::bigint', '$2::bigint')} AS blocked`,
  username: `SELECT coalesce((SELECT ${blockedBetweenSql('$1::bigint', 'u.id')} FROM users u WHERE u.username = $2::citext), false) AS blocked`,
  post: `SELECT coalesce((SELECT ${blockedBetweenSql('$1::bigint', 'p.user_id')} FROM posts p WHERE p.id = $2), false) AS blocked`,
} as const;
