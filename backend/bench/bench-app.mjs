// The bench data set and the built app, shared by the benchmarks: seeding 100k users / 1M posts /
// 3M likes / 2M follows once (seed.sql), starting backend/dist/main.js on a database, and sessions
// written straight into Redis (no argon2 sign-ins).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import argon2 from 'argon2';
import { freePort, RATE_LIMITS_OFF } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
const require = (await import('node:module')).createRequire(import.meta.url);
const { ensureDatabaseExists, runMigrations } = require('../dist/database/database-bootstrap.js');
const { sessionCookieFor } = require('../dist/common/auth/signed-session-cookie.js');
const { sessionCookieName } = require('../dist/common/auth/session-cookie.js');

export const BENCH_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cloud9_bench';
/** Every bench account's password; `bench_1` follows 1,000 accounts. */
export const BENCH_PASSWORD = 'bench-password-1';
/** SESSION_SECRET of every bench app (startApp), which writeSessions signs with. */
export const BENCH_SESSION_SECRET = 'bench-session-secret-0123456789';

/** Creates, migrates and seeds `db` unless it already holds the bench data (`--reseed` rebuilds). */
export async function seedIfNeeded(db = BENCH_DB) {
  await ensureDatabaseExists(db);
  await runMigrations(db);
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM users WHERE username LIKE 'bench\\_%'`)).rows;
  if (n === 100000 && !process.argv.includes('--reseed')) {
    console.log('bench data already present (pass --reseed to rebuild)');
    await client.end();
    return;
  }
  if (n) throw new Error(`${db} holds partial bench data: drop the database and run again`);
  const hash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const script = readFileSync(path.join(here, 'seed.sql'), 'utf8').replaceAll(":'hash'", client.escapeLiteral(hash));
  const statements = script.split(/;\s*\n/).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
  const started = Date.now();
  for (const statement of statements) {
    const t0 = Date.now();
    await client.query(statement);
    console.log(`  ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${statement.split('\n')[0].slice(0, 90)}`);
  }
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await client.end();
}

/** Starts the built app on `db` (production mode) and resolves once /api/health answers. */
export async function startApp(db = BENCH_DB, env = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_APP_NODE_ARGS: Node flags for the app alone, e.g. --cpu-prof --cpu-prof-dir=/tmp/prof.
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const app = spawn(process.execPath, [...nodeArgs, path.join(root, 'backend/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: db,
      REDIS_PREFIX: 'c9bench:',
      SESSION_SECRET: BENCH_SESSION_SECRET,
      ...RATE_LIMITS_OFF,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { app, base };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  app.kill();
  throw new Error('app did not start');
}

/** Signs in through the API; returns the session cookie and the user. */
export async function login(base, username, password = BENCH_PASSWORD) {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`login ${username} failed: ${res.status}`);
  // The session cookie (sign-in also sets the device cookie).
  return { cookie: res.headers.getSetCookie().find((c) => c.startsWith('c9.sid=')).split(';')[0], user: await res.json() };
}

/**
 * One express-session record per user in Redis under `prefix` (the app's REDIS_PREFIX), in the JSON
 * connect-redis stores, with cookies signed as express-session signs them (s:<sid>.<HMAC-SHA256>):
 * the app treats them exactly as real sign-ins. Returns each user's cookie, by id.
 */
export async function writeSessions(redis, prefix, userIds, secret = BENCH_SESSION_SECRET) {
  // As a sign-in writes them: the app's own session life (SESSION_MAX_AGE_DAYS, 14 days) and the
  // moment of signing in. Without either, a session reads as due for renewal (a shorter life) or
  // unknown to the lighter path (no createdAt), so every member's first request would write its
  // session again and announce it, and the hot reads would take the full pipeline.
  const maxAge = 14 * 24 * 3600 * 1000;
  const pipeline = redis.pipeline();
  const cookies = new Map();
  for (const userId of userIds) {
    const sid = randomBytes(24).toString('base64url');
    const cookie = { originalMaxAge: maxAge, expires: new Date(Date.now() + maxAge).toISOString(), secure: false, httpOnly: true, path: '/', sameSite: 'lax' };
    pipeline.set(`${prefix}sess:${sid}`, JSON.stringify({ cookie, userId, createdAt: Date.now() }), 'EX', 3600);
    cookies.set(userId, sessionCookieFor(sid, { name: sessionCookieName({ publicUrl: 'http://127.0.0.1' }), secret }));
  }
  await pipeline.exec();
  return cookies;
}
