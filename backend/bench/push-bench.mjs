#!/usr/bin/env node
// npm run bench:push — one staff notice to BENCH_PUSH_DEVICES (100,000) push subscriptions of 5,000
// accounts, through the app's `push` queue with one worker (ROLE=all, one process), against a
// loopback push service in a process of its own that checks the VAPID signature and decrypts every
// push (push-service.mjs). Reports deliveries per second (from the notice's POST to the last push),
// lost (subscriptions that got nothing) and duplicates. Works on a database of its own.
import { fork } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import pg from 'pg';
import Redis from 'ioredis';
import { clearRedisPrefix, fmt, sql } from './lib.mjs';
import { login, startApp } from './bench-app.mjs';
import { deviceKeys } from './push-service.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { ensureDatabaseExists, runMigrations } = require('../dist/database/database-bootstrap.js');

const DEVICES = Number(process.env.BENCH_PUSH_DEVICES ?? 100_000);
const PER_ACCOUNT = 20;
const DB = process.env.BENCH_PUSH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cloud9_bench_push';
const ADMIN = { username: 'bench_push_admin', password: 'bench-push-admin-password-1' };
const PREFIX = `c9bench-push-${process.pid}:`;
/** Gives up when no push has arrived for this long. */
const STALL_MS = 30_000;

/** 5,000 accounts with 20 subscriptions each, endpoints /push/<n> of the loopback service. */
async function seed(origin) {
  const accounts = Math.ceil(DEVICES / PER_ACCOUNT);
  await sql(DB, `TRUNCATE push_subscriptions`);
  await sql(DB, `DELETE FROM users WHERE username LIKE 'bpush\\_%'`);
  await sql(DB, `INSERT INTO users (username, email, password_hash) SELECT 'bpush_' || n, 'bpush_' || n || '@example.com', 'x' FROM generate_series(1, $1) n`, [accounts]);
  const [{ first }] = await sql(DB, `SELECT min(id)::int AS first FROM users WHERE username LIKE 'bpush\\_%'`);
  const client = new pg.Client({ connectionString: DB });
  await client.connect();
  const t0 = performance.now();
  for (let start = 1; start <= DEVICES; start += 5000) {
    const users = [], endpoints = [], p256dh = [], auth = [];
    for (let n = start; n < Math.min(start + 5000, DEVICES + 1); n++) {
      const keys = deviceKeys(n);
      users.push(first + Math.floor((n - 1) / PER_ACCOUNT));
      endpoints.push(`${origin}/push/${n}`);
      p256dh.push(keys.ecdh.getPublicKey().toString('base64url'));
      auth.push(keys.auth.toString('base64url'));
    }
    await client.query(
      `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [users, users.map((u) => `bench-session-${u}`), endpoints, p256dh, auth],
    );
  }
  await client.end();
  console.log(`seeded ${accounts.toLocaleString('en-US')} accounts and ${DEVICES.toLocaleString('en-US')} subscriptions in ${fmt((performance.now() - t0) / 1000)} s`);
}

async function main() {
  await ensureDatabaseExists(DB);
  await runMigrations(DB);
  const service = fork(path.join(here, 'push-service.mjs'), [], { env: { ...process.env, BENCH_PUSH_DEVICES: String(DEVICES) } });
  const ask = () => new Promise((resolve) => { service.once('message', resolve); service.send('counts'); });
  const { port } = await new Promise((resolve) => service.once('message', resolve));
  await seed(`http://127.0.0.1:${port}`);

  const { app, base } = await startApp(DB, {
    ROLE: 'all',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    REDIS_PREFIX: PREFIX,
    LOG_LEVEL: 'warn',
    // The admin's sign-in mail goes to a temp folder, not the repository's data/mail.
    MAIL_DIR: path.join(os.tmpdir(), 'cloud9-push-bench-mail'),
  });
  let result;
  try {
    const admin = await login(base, ADMIN.username, ADMIN.password);
    const postedAt = Date.now();
    const res = await fetch(`${base}/api/notifications/posts`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Scheduled maintenance tonight at 22:00 UTC: Cloud 9 may be away for ten minutes.' }),
    });
    if (res.status !== 201) throw new Error(`notice: ${res.status} ${await res.text()}`);
    let counts = await ask();
    let lastProgress = Date.now();
    let lastReceived = 0;
    while (counts.distinct < DEVICES && Date.now() - lastProgress < STALL_MS) {
      await new Promise((r) => setTimeout(r, 250));
      counts = await ask();
      if (counts.received !== lastReceived) [lastReceived, lastProgress] = [counts.received, Date.now()];
    }
    // Anything sent twice would arrive now.
    await new Promise((r) => setTimeout(r, 3000));
    counts = await ask();
    const seconds = (counts.lastAt - postedAt) / 1000;
    result = { seconds, perSecond: counts.distinct / seconds, lost: DEVICES - counts.distinct, ...counts };
  } finally {
    app.kill('SIGTERM');
    service.send('stop');
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await clearRedisPrefix(redis, PREFIX);
    redis.disconnect();
  }
  console.log('');
  console.log('| Subscriptions | Delivered | Time | Deliveries/s | Lost | Duplicates | Refused by the service |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${DEVICES.toLocaleString('en-US')} | ${result.distinct.toLocaleString('en-US')} | ${fmt(result.seconds)} s | ${Math.round(result.perSecond).toLocaleString('en-US')} | ${result.lost} | ${result.duplicates} | ${result.undecryptable + result.unauthorized} |`,
  );
  if (result.lost || result.duplicates) process.exitCode = 1;
}

await main();
