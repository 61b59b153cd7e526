import { sql } from 'kysely';
import type { Settings } from '../../config/settings';
import type { Db } from './database';
import { PG_ERROR, pgErrorCode } from './pg-errors';

/**
 * How long one statement may run. Every pooled connection (the primary's and the replica's) starts
 * with the request limit, DATABASE_STATEMENT_TIMEOUT_MS, as a startup parameter: nothing is sent per
 * query, and a connection can never lose it. Under ROLE=worker, which serves no request, the pools
 * start with the job limit instead. A job's statement that may legitimately run long (a recount over
 * every account, the restore's swap, an aggregate over a day of tags) runs in a transaction that
 * raises the limit with SET LOCAL (`withJobLimit`), which ends with the transaction, so the
 * connection goes back to the pool at the request limit whatever happens.
 */
export const poolStatementTimeoutMs = (settings: Pick<Settings, 'role' | 'databaseStatementTimeoutMs' | 'databaseJobStatementTimeoutMs'>): number =>
  settings.role === 'worker' ? settings.databaseJobStatementTimeoutMs : settings.databaseStatementTimeoutMs;

/** Raises `trx`'s statement_timeout to `ms` until it ends (SET LOCAL: the transaction's own setting). */
export async function withJobLimit(trx: Db, ms: number): Promise<void> {
  await sql.raw(`SET LOCAL statement_timeout = ${Math.trunc(ms)}`).execute(trx);
}

/** PostgreSQL stopped the statement at its statement_timeout (or someone cancelled it): the request answers 503. */
export const isStatementTimeout = (error: unknown): boolean => pgErrorCode(error) === PG_ERROR.queryCanceled;
