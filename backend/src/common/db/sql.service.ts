import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import type { Pool } from 'pg';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { AppMetrics } from '../metrics/app-metrics';
import { watchPool } from './pool-metrics';
import { readPool } from './read-pool';
import { ReadReplica } from './read-replica';

/** At most this many distinct statement texts are prepared; any further text runs unnamed. */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * The server-side name of a prepared statement: a hash of its text, so the same text always gets
 * the same name (on every pooled connection and in the benchmark's database floor) and two texts
 * never share one.
 */
export const statementName = (text: string): string => `c9_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

interface QueryOptions {
  prepare?: boolean;
}

/** Reads that may go to the replica (see ReadReplica): the same two calls as SqlService's. */
export interface SqlReader {
  query<T>(text: string, values?: unknown[], options?: QueryOptions): Promise<T[]>;
  run<T>(query: CompiledQuery<T>, options?: QueryOptions): Promise<T[]>;
}

/**
 * Hot reads as named prepared statements: each pooled connection parses and plans a statement once
 * (PostgreSQL then reuses the plan, generic after 5 runs when it is no worse), instead of planning
 * every request. Only for statements built from a bounded set of shapes with every value a parameter.
 *
 * They have a pool of their own on the primary (`reads` in the pool metrics), apart from the one
 * transactions and every other query share: under a stream of writes, a transaction holds its
 * connection for each of its round trips through a busy event loop, and with one pool the writes
 * took every connection, so the feed's reads (a kept page read again, a viewer's flags) waited
 * hundreds of milliseconds behind them (bench:feed, under writes). Same type parsers: pg's are global.
 */
@Injectable()
export class SqlService implements OnApplicationShutdown {
  private readonly names = new Map<string, string>();
  private readonly pool: Pool;

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly replica: ReadReplica,
    metrics: AppMetrics,
  ) {
    this.pool = readPool(settings.databaseUrl, settings);
    watchPool(this.pool, metrics, 'reads');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  /** The name `text` runs under, or undefined once the cap is reached for a new text. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_PREPARED_STATEMENTS) {
      name = statementName(text);
      this.names.set(text, name);
    }
    return name;
  }

  /**
   * Rows of a read statement (SELECT or WITH ... SELECT). `prepare: false` for a statement whose
   * best plan depends on its values (a search word): it is then planned for them on every run.
   */
  async query<T>(text: string, values: unknown[] = [], { prepare = true }: QueryOptions = {}): Promise<T[]> {
    const result = await this.pool.query({ name: prepare ? this.nameOf(text) : undefined, text, values });
    return result.rows as T[];
  }

  /** Rows of a read built with Kysely, as a named prepared statement like any other. */
  run<T>(query: CompiledQuery<T>, options?: QueryOptions): Promise<T[]> {
    return this.query<T>(query.sql, [...query.parameters], options);
  }

  /**
   * The same reads, on the read replica when there is one and `viewerId` (null: signed out) may read
   * there (ReadReplica says when); a replica that fails answers from the primary instead.
   */
  reader(viewerId: number | null): SqlReader {
    return {
      query: (text, values = [], options = {}) => this.read(viewerId, text, values, options),
      run: (query, options = {}) => this.read(viewerId, query.sql, [...query.parameters], options),
    };
  }

  private async read<T>(viewerId: number | null, text: string, values: unknown[], options: QueryOptions): Promise<T[]> {
    const replica = this.replica.enabled ? await this.replica.poolFor(viewerId) : null;
    if (!replica) return this.query<T>(text, values, options);
    try {
      const result = await replica.query({ name: options.prepare === false ? undefined : this.nameOf(text), text, values });
      this.replica.answered();
      return result.rows as T[];
    } catch (error) {
      if (!this.replica.failed(error)) throw error;
      return this.query<T>(text, values, options);
    }
  }
}
