import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PAGING, type AuditEntry, type Page } from '@cloud9/contracts';
import { decodeTimeCursor, encodeCursor } from '../../common/db/cursor';
import { timeKey } from '../../common/db/sql-snippets';
import { containsPattern } from '../../common/db/sql-params';
import { toPage } from '../../common/db/page';

export interface AuditActor {
  id: number;
  username: string;
}

interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_username: string;
  action: string;
  target: string | null;
  result: string;
  details: Record<string, unknown> | null;
  created_at: Date;
  cursor_time: string;
}

/**
 * Newest first, keyset on (created_at, id) along audit_log_recent. $1/$2 the cursor (or NULL),
 * $3 a LIKE pattern matched against action, actor and target (or NULL), $4 the page size + 1.
 */
const AUDIT_PAGE_SQL = `
  SELECT id, actor_id, actor_username, action, target, result, details, created_at, ${timeKey('created_at')} AS cursor_time
    FROM audit_log
   WHERE ($1::timestamptz IS NULL OR (created_at, id) < ($1::timestamptz, $2::bigint))
     AND ($3::text IS NULL OR action ILIKE $3 ESCAPE '\\' OR actor_username ILIKE $3 ESCAPE '\\' OR target ILIKE $3 ESCAPE '\\')
   ORDER BY created_at DESC, id DESC
   LIMIT $4`;

/** Writes one audit_log row per admin call (who, what, target, result); never fails the call. Lists them. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly db: DataSource) {}

  async record(actor: AuditActor, action: string, target: string | null, result: string, details: Record<string, unknown> | null = null): Promise<void> {
    try {
      await this.db.query(
        `INSERT INTO audit_log (actor_id, actor_username, action, target, result, details) VALUES ($1, $2, $3, $4, $5, $6)`,
        [actor.id, actor.username, action, target, result, details],
      );
    } catch (error) {
      this.logger.error(`audit ${action} ${target ?? ''}: ${(error as Error).message}`);
    }
  }

  /** A page of the audit log, newest first, optionally only rows whose action, actor or target contain `query`. */
  async list(query: { limit?: number; cursor?: string; query?: string }): Promise<Page<AuditEntry>> {
    const limit = query.limit ?? PAGING.defaultLimit;
    const after = decodeTimeCursor(query.cursor);
    const text = (query.query ?? '').trim();
    const rows: AuditRow[] = await this.db.query(AUDIT_PAGE_SQL, [after?.time ?? null, after?.id ?? null, text ? containsPattern(text) : null, limit + 1]);
    return toPage(
      rows,
      limit,
      (r) => ({
        id: Number(r.id),
        actorId: r.actor_id === null ? null : Number(r.actor_id),
        actorUsername: r.actor_username,
        action: r.action,
        target: r.target,
        result: r.result,
        details: r.details,
        createdAt: new Date(r.created_at).toISOString(),
      }),
      (last) => encodeCursor([last.cursor_time, Number(last.id)]),
    );
  }
}
