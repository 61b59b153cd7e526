import { Pool } from 'pg';
import type { Settings } from '../../config/settings';
import { poolStatementTimeoutMs } from './statement-limits';

/**
 * A pool for reads alone, with the app pool's limits (data-source.ts): a few connections per core,
 * a quick failure when the server is away, the request limit on every statement. A connection that
 * breaks while idle emits 'error' on the pool; unheard, it would end the process.
 */
export function readPool(connectionString: string, settings: Settings): Pool {
  const pool = new Pool({
    connectionString,
    max: 8,
    connectionTimeoutMillis: settings.databaseConnectTimeoutMs,
    keepAlive: true,
    statement_timeout: poolStatementTimeoutMs(settings),
  });
  pool.on('error', () => undefined);
  return pool;
}
