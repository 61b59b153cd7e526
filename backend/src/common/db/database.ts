import { Inject, Injectable } from '@nestjs/common';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { DB } from '../../database/schema';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { DomainEvents } from '../events/domain-events';
import { AppMetrics } from '../metrics/app-metrics';
import { watchPool } from './pool-metrics';
import { statementName } from './sql.service';
import { withJobLimit } from './statement-limits';

/** A query builder or transaction typed by the schema: what repositories take. */
export type Db = Kysely<DB>;

/**
 * The shared pool as Kysely takes it. pg emits 'error' on a connection that breaks while it is checked
 * out, and an 'error' event nobody listens to ends the process; TypeORM and `pool.query` listen while
 * they hold a connection, and so does this. The work in flight fails by itself (503 upstream), and
 * the pool drops the broken connection when it is released. TypeORM owns the pool: `end` is a no-op.
 */
function heldConnections(pool: () => Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool().connect();
      const failsItsWork = () => undefined;
      client.on('error', failsItsWork);
      return {
        query: client.query.bind(client) as PostgresPoolClient['query'],
        release: () => {
          client.off('error', failsItsWork);
          client.release();
        },
      };
    },
    end: async () => undefined,
  };
}

/**
 * Kysely, typed by the schema the migrations build (database/schema.ts, generated), on TypeORM's pg
 * pool: one pool, one set of connection limits and type parsers for every query. TypeORM itself only
 * runs migrations and owns that pool, so this instance is never destroyed.
 */
@Injectable()
export class Database {
  readonly db: Db;
  private readonly pool: () => Pool;

  constructor(
    dataSource: DataSource,
    metrics: AppMetrics,
    private readonly events: DomainEvents,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    const pool = () => (dataSource.driver as PostgresDriver).master as Pool;
    this.pool = pool;
    this.db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: heldConnections(pool) }) });
    // TypeORM's module has opened its pool before anything that needs the database is made.
    watchPool(pool(), metrics, 'main');
  }

  /**
   * A write that is one statement (its own transaction: one round trip, no BEGIN and COMMIT), as a
   * named prepared statement planned once per connection (statementName) instead of on every run. Its
   * domain events are the caller's to emit once it has answered.
   */
  async statement<T>(query: CompiledQuery<T>): Promise<T[]> {
    const result = await this.pool().query({ name: statementName(query.sql), text: query.sql, values: [...query.parameters] });
    return result.rows as T[];
  }

  /** Runs `work` in one transaction; the domain events it raised (DomainEvents.add) are dispatched after the commit. */
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.events.collecting((inTrx) => this.db.transaction().execute(inTrx), work);
  }

  /**
   * Runs a job's `work` in one transaction whose statements may run for DATABASE_JOB_STATEMENT_TIMEOUT_MS
   * instead of the request limit every pooled connection starts with (statement-limits.ts).
   */
  jobTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.transaction(async (trx) => {
      await withJobLimit(trx, this.settings.databaseJobStatementTimeoutMs);
      return work(trx);
    });
  }

  /** Resolves when PostgreSQL answers a trivial query (health probe). */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }
}
