import type { Pool, PoolClient } from 'pg';
import type { AppMetrics } from '../metrics/app-metrics';

type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void;

/** The app's pools on the primary: `main` for transactions and every other query, `reads` for the hot reads (SqlService). */
export type PoolName = 'main' | 'reads';

/**
 * Reports the pool's use at scrape time (total, idle, waiting) and times every checkout: pool.connect
 * is where Kysely, the prepared statements (pool.query) and TypeORM all get their connection, in
 * either of its forms (promise, or the callback pool.query uses).
 */
export function watchPool(pool: Pool, metrics: AppMetrics, name: PoolName): void {
  metrics.readPoolWith(name, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<PoolClient> | void;
  const timed = (callback?: ConnectCallback) => {
    const end = metrics.poolAcquire.startTimer({ pool: name });
    if (callback) {
      return connect((error, client, done) => {
        end({ outcome: error ? 'error' : 'ok' });
        callback(error, client, done);
      });
    }
    return (connect() as Promise<PoolClient>).then(
      (client) => {
        end({ outcome: 'ok' });
        return client;
      },
      (error: unknown) => {
        end({ outcome: 'error' });
        throw error;
      },
    );
  };
  pool.connect = timed as Pool['connect'];
}
