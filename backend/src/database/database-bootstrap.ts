import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDataSource } from './data-source';
import { PG_ERROR, pgErrorCode } from '../common/db/pg-errors';

// One fixed key: every instance takes the same advisory lock before migrating.
const MIGRATION_LOCK_KEY = 732_200_009;

/** Creates the database named in the URL when it is missing (two instances may race: both fine). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const probe = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if (pgErrorCode(error) !== PG_ERROR.invalidCatalogName) throw error; // anything but "database does not exist"
  } finally {
    await probe.end().catch(() => undefined);
  }
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code !== PG_ERROR.duplicateDatabase && code !== PG_ERROR.uniqueViolation) throw error; // already exists / created concurrently
  } finally {
    await admin.end();
  }
}

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so two instances starting together
 * migrate once; a second run finds nothing to do. With `schema` (a restore's staging schema), on the
 * tables there instead of public's: the migrations name no schema, so search_path picks it, and
 * public stays on the path for the extensions' types.
 */
export async function runMigrations(databaseUrl: string, schema?: string): Promise<string[]> {
  if (schema) {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    databaseUrl = url.toString();
  }
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const dataSource = createDataSource(databaseUrl);
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}

/**
 * The session secret of a deployment run without SESSION_SECRET (development, tests; production
 * refuses to start without it): made at random by the first instance that needs it and kept in
 * `app_secrets`, so every instance and every restart signs with the same one. Two instances
 * starting together both insert; the first insert wins and both read it.
 */
export async function sharedSessionSecret(databaseUrl: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`INSERT INTO app_secrets (name, value) VALUES ('session', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(48).toString('base64url')]);
    const { rows } = await client.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'session'`);
    return rows[0].value;
  } finally {
    await client.end().catch(() => undefined);
  }
}
