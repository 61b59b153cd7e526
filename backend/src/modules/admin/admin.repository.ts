import { Inject, Injectable } from '@nestjs/common';
import { CompiledQuery } from 'kysely';
import { Client } from 'pg';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { REPLACED_SCHEMA, STAGING_SCHEMA } from './restore-list';

// One fixed key: restores run one at a time across every instance and worker.
const RESTORE_LOCK_KEY = 732_200_017;

/**
 * The relations of a schema that move as a whole: tables (their indexes, constraints, triggers and
 * owned sequences go with them), views, and sequences no table owns. Extension members stay.
 */
const relationsOf = (schema: string) => `
  SELECT CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind,
         format('%I.%I', n.nspname, c.relname) AS name, c.relname AS relname
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = '${schema}' AND NOT c.relispartition
     AND (c.relkind IN ('r', 'p', 'v', 'm', 'f')
          OR (c.relkind = 'S' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                                                AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))))
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
   ORDER BY 2`;

const SQL = {
  /** Every sequence of the restored tables set no lower than the same sequence of the tables they replace. */
  keepSequencesAhead: `
    SELECT setval(format('public.%I', n.sequencename)::regclass, o.last_value)
      FROM pg_sequences o JOIN pg_sequences n ON n.sequencename = o.sequencename AND n.schemaname = 'public'
     WHERE o.schemaname = '${REPLACED_SCHEMA}' AND o.last_value IS NOT NULL AND (n.last_value IS NULL OR n.last_value < o.last_value)`,
};

interface Relation {
  kind: string;
  name: string;
  relname: string;
}

/**
 * The database-wide statements around a restore: its lock, extensions, the staging schema, and the
 * swap of the staged tables for the live ones. The dump and the load are pg_dump's and pg_restore's.
 */
@Injectable()
export class AdminRepository extends DomainRepository {
  constructor(
    database: Database,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    super(database);
  }

  private async rows<T>(text: string, values: unknown[] = [], db: Db = this.database.db): Promise<T[]> {
    return (await db.executeQuery<T>(CompiledQuery.raw(text, values))).rows;
  }

  /**
   * Runs `work` holding the restore lock (a session advisory lock on a connection of its own, outside
   * the app's pool), so two restores never share the staging schema. A worker that dies drops the
   * connection, and the lock with it.
   */
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.settings.databaseUrl, application_name: 'cloud9-restore-lock' });
    client.on('error', () => undefined); // a broken connection fails `work`'s own queries; nothing to add
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [RESTORE_LOCK_KEY]);
      return await work();
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** `name` must already be a checked identifier. */
  async createExtension(name: string): Promise<void> {
    await this.jobTransaction((trx) => this.rows(`CREATE EXTENSION IF NOT EXISTS "${name}"`, [], trx));
  }

  /** Drops what a restore left beside the live tables (the staging schema, the replaced tables), under the job limit. */
  async dropRestoreSchemas(): Promise<void> {
    for (const schema of [STAGING_SCHEMA, REPLACED_SCHEMA]) await this.jobTransaction((trx) => this.rows(`DROP SCHEMA IF EXISTS ${schema} CASCADE`, [], trx));
  }

  /**
   * Takes every live relation's lock at once, waiting at most 500 ms per table (then the transaction
   * fails with lock_not_available and the caller tries again). Holding all of them before changing any,
   * the swap never waits on a request while the request waits on it, and 500 ms stays below
   * PostgreSQL's 1 s deadlock check, so a request is never chosen as a deadlock victim.
   */
  async lockLiveTables(trx: Db): Promise<void> {
    const live = (await this.rows<Relation>(relationsOf('public'), [], trx)).filter((r) => r.kind !== 'SEQUENCE' && r.kind !== 'FOREIGN TABLE');
    await this.rows(`SET LOCAL lock_timeout = '500ms'`, [], trx);
    if (live.length) await this.rows(`LOCK TABLE ${live.map((r) => r.name).join(', ')} IN ACCESS EXCLUSIVE MODE`, [], trx);
    await this.rows(`SET LOCAL lock_timeout = '10s'`, [], trx);
  }

  /**
   * Inside the transaction that holds the live tables' locks: the live relations move to the replaced
   * schema, the staged ones into public (their indexes, constraints and sequences with them: each is
   * one catalogue update, however big the table), and every sequence is kept at least where the live
   * one was. Statements prepared on pooled connections are re-planned against the new tables: moving
   * a table invalidates every plan that uses it. Returns how many relations came in.
   */
  async swapInStaged(trx: Db): Promise<number> {
    const live = await this.rows<Relation>(relationsOf('public'), [], trx);
    const staged = await this.rows<Relation>(relationsOf(STAGING_SCHEMA), [], trx);
    // One round trip while the locks are held (a statement list without parameters runs as one simple query).
    const moves = [
      `CREATE SCHEMA ${REPLACED_SCHEMA}`,
      ...live.map((r) => `ALTER ${r.kind} ${r.name} SET SCHEMA ${REPLACED_SCHEMA}`),
      ...staged.map((r) => `ALTER ${r.kind} ${r.name} SET SCHEMA public`),
      `DROP SCHEMA ${STAGING_SCHEMA}`,
      SQL.keepSequencesAhead,
    ];
    await this.rows(moves.join(';\n'), [], trx);
    return staged.length;
  }
}
