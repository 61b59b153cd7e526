import { Injectable, Logger } from '@nestjs/common';
import { PAGING, type AuditEntry, type Page } from '@cloud9/contracts';
import { decodeTimeCursor, encodeCursor } from '../../common/db/cursor';
import { containsPattern } from '../../common/db/sql-params';
import { toPage } from '../../common/db/page';
import type { Db } from '../../common/db/database';
import { withoutFoldersDeep } from '../../common/without-folders';
import { AuditRepository } from './audit.repository';

export interface AuditActor {
  id: number;
  username: string;
}

/** Writes one audit_log row per admin call (who, what, target, result); never fails the call. Lists them. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly audit: AuditRepository) {}

  async record(actor: AuditActor, action: string, target: string | null, result: string, details: Record<string, unknown> | null = null): Promise<void> {
    try {
      await this.audit.insert({ actorId: actor.id, actorUsername: actor.username, action, target, result, details });
    } catch (error) {
      this.logger.error(`audit ${action} ${target ?? ''}: ${(error as Error).message}`);
    }
  }

  /** The rows written since `since`, to carry over a database restore (putBack), in the restore's transaction. */
  recentSince(trx: Db, since: Date): Promise<unknown> {
    return this.audit.since(trx, since);
  }

  /** Puts back rows read by recentSince that the restored database lacks, in the same transaction. */
  putBack(trx: Db, rows: unknown): Promise<void> {
    return this.audit.putBack(trx, rows);
  }

  /** A page of the audit log, newest first, optionally only rows whose action, actor or target contain `query`. */
  async list(query: { limit?: number; cursor?: string; query?: string }): Promise<Page<AuditEntry>> {
    const limit = query.limit ?? PAGING.defaultLimit;
    const after = decodeTimeCursor(query.cursor);
    const text = (query.query ?? '').trim();
    const rows = await this.audit.page(after ?? null, text ? containsPattern(text) : null, limit + 1);
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
        // Rows written before answers held file names only may name the server's folders.
        details: r.details === null ? null : withoutFoldersDeep(r.details),
        createdAt: new Date(r.created_at).toISOString(),
      }),
      (last) => encodeCursor([last.cursor_time, Number(last.id)]),
    );
  }
}
