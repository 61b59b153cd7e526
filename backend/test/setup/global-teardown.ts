import Redis from 'ioredis';
import { readdir, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * Drops every database, Redis key and temp folder this jest run made: its own and each worker's
 * (`<run>w<n>`, worker-environment.ts); suites may add databases of their own under the same names.
 */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env.C9_TEST_JEST_RUN!;
  const admin = new Client({ connectionString: process.env.DATABASE_URL!.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`cloud9_test_${runId}%`]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.end();

  const redis = new Redis(process.env.REDIS_URL!);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `c9test:${runId}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
  const folders = (await readdir(os.tmpdir())).filter((name) => name.startsWith(`cloud9-test-${runId}`));
  await Promise.all(folders.map((name) => rm(path.join(os.tmpdir(), name), { recursive: true, force: true })));
}
