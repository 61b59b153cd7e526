import Redis from 'ioredis';
import { rm } from 'node:fs/promises';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const fakes = globalThis as { __fakeGiphy?: { close: () => Promise<void> }; __fakePayPal?: { close: () => Promise<void> } };
  await fakes.__fakeGiphy?.close();
  await fakes.__fakePayPal?.close();
  for (const pid of (process.env.E2E_SERVER_PIDS ?? '').split(',').filter(Boolean).map(Number)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  const url = process.env.E2E_DATABASE_URL!;
  const admin = new Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${url.split('/').pop()}" WITH (FORCE)`);
  await admin.end();
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${process.env.E2E_REDIS_PREFIX}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
  await rm(process.env.E2E_TMP!, { recursive: true, force: true });
}
