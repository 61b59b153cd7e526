/** SQL of reports and suspensions. */
import type { ModerationAccount, ReportedMessage, ReportedPost } from '@cloud9/contracts';
import { limitLiteral, SqlParams } from '../../common/db/sql-params';
import { timeKey } from '../../common/db/sql-snippets';
import type { TimeCursor } from '../../common/db/cursor';

/** The running suspension's end of the account `userId` (an SQL expression) as text: ISO-8601, 'infinity' for good; NULL when none. */
const suspendedUntil = (userId: string) =>
  `(SELECT CASE WHEN s.until = 'infinity' THEN 'infinity' ELSE ${timeKey('s.until')} END FROM suspensions s WHERE s.user_id = ${userId} AND s.until > now())`;

/** For sign-in: the running suspension's end of account $1 (as the queue shows it). */
export const suspendedUntilSql = `SELECT ${suspendedUntil('$1::bigint')} AS until`;

const account = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'name', ${alias}.name, 'thumbnail', ${alias}.thumbnail,
                     'group_id', ${alias}.group_id, 'suspendedUntil', ${suspendedUntil(`${alias}.id`)})`;

const reportedPost = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'content', ${alias}.content, 'media_url', ${alias}.media_url, 'gif_url', ${alias}.gif_url, 'createdAt', ${timeKey(`${alias}.created_at`)})`;

/** Reports with everything the queue shows, by the conditions of `where` (on `r`), newest first. */
function reportsSql(where: string, limit: string): string {
  return `
    SELECT r.id, r.status, r.reason, r.comment, r.target_type, r.action, r.action_text, hb.username AS handled_by,
           ${timeKey('r.created_at')} AS created_at, ${timeKey('r.handled_at')} AS handled_at,
           ${account('rep')} AS reporter, ${account('tu')} AS target_user,
           CASE WHEN tp.id IS NULL THEN NULL ELSE ${reportedPost('tp')} END AS target_post,
           COALESCE((SELECT json_agg(${reportedPost('x')} ORDER BY x.created_at, x.id) FROM posts x WHERE x.id = ANY (r.post_ids)), '[]'::json) AS posts,
           r.messages,
           ${timeKey('r.created_at')} AS cursor_time, r.id AS cursor_id
      FROM reports r
      JOIN users rep ON rep.id = r.reporter_id
      JOIN users tu ON tu.id = r.target_user_id
      LEFT JOIN posts tp ON tp.id = r.target_post_id
      LEFT JOIN users hb ON hb.id = r.handled_by
     WHERE ${where}
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT ${limit}`;
}

/** One page of the queue along reports_queue (or reports_queue_reason), keyset on (created_at, id). */
export function queuePageSql(status: string, reason: string | undefined, cursor: TimeCursor | undefined, take: number): { sql: string; params: unknown[] } {
  const p = new SqlParams();
  const where = [`r.status = ${p.add(status)}`];
  if (reason) where.push(`r.reason = ${p.add(reason)}`);
  if (cursor) where.push(`(r.created_at, r.id) < (${p.add(cursor.time)}::timestamptz, ${p.add(cursor.id)}::bigint)`);
  return { sql: reportsSql(where.join(' AND '), limitLiteral(take)), params: p.values };
}

export const oneReportSql = reportsSql('r.id = $1', '1');

export interface ReportRow {
  id: number;
  status: string;
  reason: string;
  comment: string | null;
  target_type: string;
  action: string | null;
  action_text: string | null;
  handled_by: string | null;
  created_at: string;
  handled_at: string | null;
  /** json_build_object rows, already in their wire shape. */
  reporter: ModerationAccount;
  target_user: ModerationAccount;
  target_post: ReportedPost | null;
  posts: ReportedPost[];
  /** A message report's copy of the message and those before it (jsonb, in its wire shape). */
  messages: ReportedMessage[] | null;
  cursor_time: string;
  cursor_id: number;
}
