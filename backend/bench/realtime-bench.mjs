#!/usr/bin/env node
// npm run bench:realtime — Socket.IO at 10,000 authenticated clients: like → `alert:new` latency,
// `notice:created` fan-out to everyone, server RSS per idle connection; once on one instance, once on
// two instances behind the Redis Streams adapter (5,000 clients each, events raised on instance A).
// The clients live in a forked process (realtime-clients.mjs). Prints a markdown table.
//   BENCH_RT_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/cloud9_bench_rt (10,400 small users)
//   BENCH_CLIENTS (default 10000), BENCH_SAMPLES (like samples, default 200), BENCH_NOTICES (default 5)
//
// Bench shortcut: instead of 10,000 argon2 sign-ins, sessions are written straight into Redis in
// express-session's JSON format (as connect-redis stores them) with cookies signed like
// express-session's (s:<sid>.<HMAC-SHA256>). The app then treats them exactly as real sign-ins.
import { fork, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import Redis from 'ioredis';
import pg from 'pg';
import { clearRedisPrefix, fmt, freePort, percentile, RATE_LIMITS_OFF } from './lib.mjs';
import { BENCH_SESSION_SECRET, writeSessions } from './bench-app.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = (await import('node:module')).createRequire(import.meta.url);
const { ensureDatabaseExists, runMigrations } = require('../dist/database/database-bootstrap.js');

const DB = process.env.BENCH_RT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cloud9_bench_rt';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = 'c9rtbench:';
const SECRET = BENCH_SESSION_SECRET;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const NOTICES = Number(process.env.BENCH_NOTICES ?? 5);
const USERS = CLIENTS + 2 * SAMPLES + 1; // rt_0 (admin), the connected readers, then the likers
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function setupDatabase() {
  await ensureDatabaseExists(DB);
  await runMigrations(DB);
  const db = new pg.Client({ connectionString: DB });
  await db.connect();
  // Never signs in with a password (sessions are written to Redis), so no argon2 hash is needed.
  await db.query(
    `INSERT INTO users (username, email, password_hash, name, group_id)
     SELECT 'rt_' || i, 'rt_' || i || '@bench.local', '!bench-no-password', 'RT User ' || i, CASE WHEN i = 0 THEN 1 ELSE 5 END
     FROM generate_series(0, $1::int - 1) AS i
     ON CONFLICT DO NOTHING`,
    [USERS],
  );
  const { rows } = await db.query(`SELECT id, username FROM users WHERE username LIKE 'rt\\_%'`);
  const ids = new Map(rows.map((r) => [r.username, Number(r.id)]));
  return { db, userId: (i) => ids.get(`rt_${i}`) };
}

async function startApp() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
    env: { ...process.env, ...RATE_LIMITS_OFF, NODE_ENV: 'production', ROLE: 'api', PORT: String(port), PUBLIC_URL: base, DATABASE_URL: DB, REDIS_URL, REDIS_PREFIX: PREFIX, SESSION_SECRET: SECRET },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { app, base };
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  app.kill();
  throw new Error('app did not start');
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** The forked client process, with a promise per awaited message. */
function startClients() {
  const child = fork(path.join(here, 'realtime-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const alertWaiters = new Map();
  let onConnected = null;
  let onNotices = null;
  child.on('message', (msg) => {
    if (msg.type === 'alert') alertWaiters.get(msg.userId)?.(msg.at);
    else if (msg.type === 'connected') onConnected?.(msg);
    else if (msg.type === 'notices') onNotices?.(msg);
  });
  return {
    connect: (targets) => new Promise((resolve) => { onConnected = resolve; child.send({ cmd: 'connect', targets, concurrency: 250 }); }),
    nextAlert: (userId, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => { alertWaiters.delete(userId); reject(new Error(`no alert:new for user ${userId}`)); }, timeoutMs);
        alertWaiters.set(userId, (at) => { clearTimeout(timer); alertWaiters.delete(userId); resolve(at); });
      }),
    expectNotices: (count, timeoutMs = 30000) => {
      child.send({ cmd: 'expectNotices', count });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not every client got notice:created within ${timeoutMs} ms`)), timeoutMs);
        onNotices = (msg) => { clearTimeout(timer); resolve(msg); };
      });
    },
    close: () => new Promise((resolve) => { child.once('exit', resolve); child.send({ cmd: 'close' }); }),
  };
}

const post = (base, url, cookie, body) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });

/** Like latency: user X likes a fresh post of connected user Y on `likeBase`; time to Y's alert:new. */
async function measureAlerts({ db, clients, likeBase, pairs, cookies }) {
  const { rows } = await db.query(
    `INSERT INTO posts (user_id, content) SELECT unnest($1::bigint[]), 'realtime bench post' RETURNING id, user_id`,
    [pairs.map((p) => p.author)],
  );
  const postOf = new Map(rows.map((r) => [Number(r.user_id), Number(r.id)]));
  const latencies = [];
  const http = [];
  for (const [i, { author, liker }] of pairs.entries()) {
    const arrived = clients.nextAlert(author);
    const t0 = now();
    const res = await post(likeBase, `/api/posts/${postOf.get(author)}/like`, cookies.get(liker));
    if (!res.ok) throw new Error(`like failed: ${res.status} ${await res.text()}`);
    http.push(now() - t0);
    const at = await arrived;
    if (i >= 5) latencies.push(at - t0); // the first few warm the path up
  }
  latencies.sort((a, b) => a - b);
  http.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1), httpP50: percentile(http, 50), samples: latencies.length };
}

/** Notice fan-out: POST /api/notifications/posts as the admin; time until every client has it. */
async function measureNotices({ clients, base, adminCookie, expected }) {
  const runs = [];
  for (let i = 0; i < NOTICES; i++) {
    const all = clients.expectNotices(expected);
    const t0 = now();
    const res = await post(base, '/api/notifications/posts', adminCookie, { message: `bench notice ${i} at ${new Date().toISOString()}` });
    if (res.status !== 201) throw new Error(`notice failed: ${res.status} ${await res.text()}`);
    const { first, last } = await all;
    runs.push({ first: first - t0, last: last - t0 });
    await sleep(500);
  }
  const lasts = runs.map((r) => r.last).sort((a, b) => a - b);
  return { firstMedian: percentile(runs.map((r) => r.first).sort((a, b) => a - b), 50), lastMedian: percentile(lasts, 50), lastMax: lasts.at(-1) };
}

async function settle() {
  await sleep(3000);
}

async function main() {
  const { db, userId } = await setupDatabase();
  const redis = new Redis(REDIS_URL);
  await clearRedisPrefix(redis, PREFIX);
  const readers = Array.from({ length: CLIENTS }, (_, i) => userId(i + 1));
  const likers = Array.from({ length: 2 * SAMPLES }, (_, i) => userId(CLIENTS + 1 + i));
  const admin = userId(0);
  const cookies = await writeSessions(redis, PREFIX, [admin, ...readers, ...likers]);
  const clientsOf = (ids) => ids.map((id) => ({ userId: id, cookie: cookies.get(id) }));
  const results = [];

  // One instance, 10,000 clients.
  {
    const { app, base } = await startApp();
    const clients = startClients();
    try {
      await settle();
      const before = rssMb(app.pid);
      const connected = await clients.connect([{ url: base, clients: clientsOf(readers) }]);
      console.log(`one instance: ${connected.ok} connected in ${fmt(connected.ms / 1000)} s, ${connected.failed} failed ${JSON.stringify(connected.errors)}`);
      await settle();
      const after = rssMb(app.pid);
      const pairs = Array.from({ length: SAMPLES }, (_, i) => ({ author: readers[i], liker: likers[i] }));
      const alerts = await measureAlerts({ db, clients, likeBase: base, pairs, cookies });
      const notices = await measureNotices({ clients, base, adminCookie: cookies.get(admin), expected: connected.ok });
      results.push({ name: `1 instance, ${connected.ok.toLocaleString('en')} clients`, connected, alerts, notices, rss: [{ before, after, n: connected.ok }] });
      console.log(JSON.stringify(results.at(-1)));
    } finally {
      await clients.close();
      app.kill();
      await sleep(1000);
    }
  }

  // Two instances behind the Redis Streams adapter: half the clients on each, events raised on A.
  {
    const [a, b] = await Promise.all([startApp(), startApp()]);
    const clients = startClients();
    try {
      await settle();
      const beforeA = rssMb(a.app.pid);
      const beforeB = rssMb(b.app.pid);
      const half = Math.floor(readers.length / 2);
      const onA = readers.slice(0, half);
      const onB = readers.slice(half);
      const connected = await clients.connect([{ url: a.base, clients: clientsOf(onA) }, { url: b.base, clients: clientsOf(onB) }]);
      console.log(`two instances: ${connected.ok} connected in ${fmt(connected.ms / 1000)} s, ${connected.failed} failed ${JSON.stringify(connected.errors)}`);
      await settle();
      const rss = [
        { before: beforeA, after: rssMb(a.app.pid), n: onA.length },
        { before: beforeB, after: rssMb(b.app.pid), n: onB.length },
      ];
      // Authors connected to B, likes sent to A: the alert crosses instances through Redis.
      const pairs = Array.from({ length: SAMPLES }, (_, i) => ({ author: onB[i], liker: likers[SAMPLES + i] }));
      const alerts = await measureAlerts({ db, clients, likeBase: a.base, pairs, cookies });
      const notices = await measureNotices({ clients, base: a.base, adminCookie: cookies.get(admin), expected: connected.ok });
      results.push({ name: `2 instances (Redis Streams adapter), ${onA.length.toLocaleString('en')} + ${onB.length.toLocaleString('en')} clients`, connected, alerts, notices, rss });
      console.log(JSON.stringify(results.at(-1)));
    } finally {
      await clients.close();
      a.app.kill();
      b.app.kill();
    }
  }
  await clearRedisPrefix(redis, PREFIX);
  await redis.quit();
  await db.end();

  const perConnKb = (rss) => rss.map(({ before, after, n }) => fmt(((after - before) * 1024) / n, 1)).join(' / ');
  const table = [
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; clients in a separate process on the same host; ${SAMPLES} like samples (first 5 are warm-up), ${NOTICES} notices.`,
    '',
    '| Setup | Connected (s to connect) | like → alert:new p50 / p99 / max ms (target p99 ≤ 100) | like HTTP p50 ms | notice → all clients, median / worst ms (target ≤ 1000) | first client ms | RSS before → with clients MB | KB per idle connection (target ≤ 50) |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(({ name, connected, alerts, notices, rss }) =>
      `| ${name} | ${connected.ok} (${fmt(connected.ms / 1000)}) | ${fmt(alerts.p50)} / ${fmt(alerts.p99)} / ${fmt(alerts.max)} | ${fmt(alerts.httpP50)} | ${fmt(notices.lastMedian, 0)} / ${fmt(notices.lastMax, 0)} | ${fmt(notices.firstMedian)} | ${rss.map((r) => `${fmt(r.before, 0)} → ${fmt(r.after, 0)}`).join(' / ')} | ${perConnKb(rss)} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);
  mkdirSync(path.join(root, '.test-artifacts'), { recursive: true });
  writeFileSync(path.join(root, '.test-artifacts/bench-realtime.md'), table + '\n');
}

await main();
