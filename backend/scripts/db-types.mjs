#!/usr/bin/env node
// Writes backend/src/database/schema.ts, the row types of every table, from the schema the
// migrations build: migrates a scratch database and reads it back with kysely-codegen.
// `--verify` fails instead when the committed file differs (a migration without new types);
// `--out FILE` writes or checks another file.
// Needs the built backend (npm run build) and PostgreSQL at TEST_DATABASE_BASE_URL.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const backend = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { ensureDatabaseExists, runMigrations } = require(path.join(backend, 'dist/database/database-bootstrap.js'));

const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const name = `cloud9_schema_types_${process.pid}`;
const url = `${base}/${name}`;
const verify = process.argv.includes('--verify');
const outIndex = process.argv.indexOf('--out');
const outFile = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(backend, 'src/database/schema.ts');

// int8 arrives as a number (data-source.ts sets that parser); numeric columns are not used.
const typeMapping = JSON.stringify({ int8: 'number' });

let status = 1;
try {
  await ensureDatabaseExists(url);
  await runMigrations(url);
  const args = [
    'kysely-codegen', '--dialect', 'postgres', '--url', url, '--exclude-pattern', 'migrations',
    '--type-mapping', typeMapping, '--out-file', outFile, '--log-level', 'error',
  ];
  if (verify) args.push('--verify');
  status = spawnSync('npx', args, { cwd: backend, stdio: 'inherit' }).status ?? 1;
} finally {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
process.exit(status);
