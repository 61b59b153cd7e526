import { Injectable } from '@nestjs/common';
import { CompiledQuery } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import type { JsonObject } from '../../database/schema';
import { AUDIT_CARRY_SQL, AUDIT_PAGE_SQL, type AuditRow } from './audit.sql';

/** The audit_log table: the only code that reads or writes it. */
@Injectable()
export class AuditRepository {
  constructor(private readonly database: Database) {}

  async insert(row: { actorId: number; actorUsername: string; action: string; target: string | null; result: string; details: Record<string, unknown> | null }): Promise<void> {
    await this.database.db
      .insertInto('audit_log')
      .values({
        actor_id: row.actorId,
        actor_username: row.actorUsername,
        action: row.action,
        target: row.target,
        result: row.result,
        // pg sends an object as its JSON text.
        details: row.details as JsonObject | null,
      })
      .execute();
  }

  /** A keyset page (AUDIT_PAGE_SQL): $1/$2 the cursor or NULL, $3 a LIKE pattern or NULL, $4 the page size + 1. */
  async page(after: { time: string; id: number } | null, pattern: string | null, take: number): Promise<AuditRow[]> {
    const result = await this.database.db.executeQuery<AuditRow>(CompiledQuery.raw(AUDIT_PAGE_SQL, [after?.time ?? null, after?.id ?? null, pattern, take]));
    return result.rows;
  }

  /** The rows written since `since`, as one JSON array for putBack. */
  async since(trx: Db, since: Date): Promise<unknown> {
    const result = await trx.executeQuery<{ rows: unknown }>(CompiledQuery.raw(AUDIT_CARRY_SQL.since, [since]));
    return result.rows[0].rows;
  }

  /** Puts back rows read by `since` that are missing (same ids). */
  async putBack(trx: Db, rows: unknown): Promise<void> {
    await trx.executeQuery(CompiledQuery.raw(AUDIT_CARRY_SQL.putBack, [JSON.stringify(rows)]));
  }
}
