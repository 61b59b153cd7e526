// Small measuring tools shared by the benchmarks: a closed-loop load of N concurrent workers
// over any async call, with latency percentiles, a free port finder, one-off SQL and clearing a
// bench's Redis keys.
import { createServer } from 'node:net';
import pg from 'pg';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `call` from `connections` concurrent loops for `seconds`; returns p50/p99 (ms) and requests/s. */
export async function closedLoop(call, { connections = 32, seconds = 10 } = {}) {
  const latencies = [];
  let errors = 0;
  const stopAt = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < stopAt) {
        const t0 = performance.now();
        try {
          await call(worker);
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / elapsed, requests: latencies.length, errors };
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export const fmt = (n, digits = 1) => (n === undefined ? '–' : Number(n).toFixed(digits));

/** Every RATE_LIMIT_* setting turned off (count 0): a benchmark sends everything from one address. */
export const RATE_LIMITS_OFF = Object.fromEntries(
  [
    'API_ANON', 'API_USER', 'POSTS', 'UPLOADS', 'FOLLOWS', 'SEARCH', 'GIFS', 'GIF_PINGBACKS', 'REPORTS', 'LOGIN_IP', 'LOGIN', 'REGISTER', 'PASSWORD',
    'LOGIN_ACCOUNT', 'LOGIN_OK', 'GIFS_GLOBAL', 'WEBHOOKS', 'WEBHOOKS_GLOBAL', 'REACTIONS', 'DMS', 'DM_REQUESTS',
  ].map((name) => [
    `RATE_LIMIT_${name}`,
    '0/1m',
  ]),
);

/** One statement on its own connection: the benches' setup and checks, not what they measure. */
export async function sql(db, text, values) {
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Deletes every key under `prefix` (a bench's own REDIS_PREFIX), a page of SCAN at a time. */
export async function clearRedisPrefix(redis, prefix) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
