import type { Selectable } from 'kysely';
import type { AuditLog } from '../../database/schema';
import { timeKey } from '../../common/db/sql-snippets';

/**
 * Newest first, keyset on (created_at, id) along audit_log_recent. $1/$2 the cursor (or NULL),
 * $3 a LIKE pattern matched against action, actor and target (or NULL), $4 the page size + 1.
 */
export const AUDIT_PAGE_SQL = `
  SELECT id, actor_id, actor_username, action, target, result, details, created_at, ${timeKey('created_at')} AS cursor_time
    FROM audit_log
   WHERE ($1::timestamptz IS NULL OR (created_at, id) < ($1::timestamptz, $2::bigint))
     AND ($3::text IS NULL OR action ILIKE $3 ESCAPE '\\' OR actor_username ILIKE $3 ESCAPE '\\' OR target ILIKE $3 ESCAPE '\\')
   ORDER BY created_at DESC, id DESC
   LIMIT $4`;

/** A row of AUDIT_PAGE_SQL; details is always an object or null (AuditRepository.insert writes no other JSON). */
export type AuditRow = Omit<Selectable<AuditLog>, 'details'> & { details: Record<string, unknown> | null; cursor_time: string };

/**
 * Around a restore, in the transaction that swaps the restored tables in: the audit rows written
 * since (about) the backup are read from the live table as one JSON array, and put back into the
 * restored one, so the record of admin actions outlives the restore. An actor
 * missing from the restored users keeps its name, not its id.
 */
export const AUDIT_CARRY_SQL = {
  since: `SELECT coalesce(jsonb_agg(to_jsonb(a)), '[]') AS rows FROM audit_log a WHERE a.created_at >= $1`,
  putBack: `
    INSERT INTO audit_log (id, actor_id, actor_username, action, target, result, details, created_at) OVERRIDING SYSTEM VALUE
    SELECT a.id, u.id, a.actor_username, a.action, a.target, a.result, a.details, a.created_at
      FROM jsonb_to_recordset($1::jsonb)
           AS a(id bigint, actor_id bigint, actor_username text, action text, target text, result text, details jsonb, created_at timestamptz)
      LEFT JOIN users u ON u.id = a.actor_id
    ON CONFLICT (id) DO NOTHING`,
};
