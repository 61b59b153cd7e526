#!/usr/bin/env node
// npm run bench:dm — direct messages (issue 32): live delivery of messages sent over HTTP to the
// members' sockets across two instances (Redis Streams adapter), a conversation's pages over 1M
// messages and a member's inbox of 1,000 conversations. Prints a markdown table for docs/benchmarks.md.
//   BENCH_DM_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/cloud9_bench_dm (seeded once; --reseed rebuilds)
//   BENCH_CLIENTS          connected members (default 10000; at most 10000)
//   BENCH_DM_RATE          messages a second (default 200); BENCH_DM_SECONDS how long (default 30)
//   BENCH_SECONDS          seconds per read row (default 10); BENCH_CONNECTIONS (default 32)
//   BENCH_ONLY             "reads" or "live": that part alone
//
// The data (dm_0 … dm_12000; conversations by number):
//   1–1,000      dm_0 with dm_k: the inbox member's 1,000 conversations (950 inbox, 951–1,000 Requests;
//                100 with unread messages). Conversation 1 is the hot one: 100,000 messages.
//   1,001–2,000  pairs among dm_10001 … dm_12000.
//   The 1,000,000 messages: every tenth in conversation 1, the others spread over 2–2,000 (about 450
//   each), interleaved as they would be written, one every 20 s of 2026.
//   2,001–4,856  the live conversations: members in blocks of seven, dm_7b+1 and dm_7b+2 a pair, dm_7b+3
//                … dm_7b+7 a group of five (created by dm_7b+3).
// Sessions are written straight into Redis (bench-app.mjs writeSessions), as bench:realtime does.
// Beside each read, its database floor: the endpoint's main statements, built by the app's own SQL
// builders, run as the same named prepared statements (as SqlService runs them) straight through `pg`
// at the same concurrency; and once, the HTTP floor (a bare node:http handler), which tells how fast
// the machine was.
import { fork } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Redis from 'ioredis';
import pg from 'pg';
import { clearRedisPrefix, closedLoop, fmt, freePort, percentile } from './lib.mjs';
import { root, startApp, writeSessions } from './bench-app.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = (await import('node:module')).createRequire(import.meta.url);
const { ensureDatabaseExists, runMigrations } = require('../dist/database/database-bootstrap.js');
const { decodeTimeCursor, encodeCursor } = require('../dist/common/db/cursor.js');
const dmSql = require('../dist/modules/direct-messages/direct-messages.sql.js');
const { statementName } = require('../dist/common/db/sql.service.js');
const { Kysely, PostgresDialect } = require('kysely');

const DB = process.env.BENCH_DM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cloud9_bench_dm';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = 'c9dmbench:';
const CLIENTS = Math.min(10000, Number(process.env.BENCH_CLIENTS ?? 10000));
const RATE = Number(process.env.BENCH_DM_RATE ?? 200);
const SEND_SECONDS = Number(process.env.BENCH_DM_SECONDS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ONLY = process.env.BENCH_ONLY;
/** Messages sent but not answered beyond this many are skipped (and counted), so a stalled app is not buried. */
const MAX_IN_FLIGHT = 1000;
/** After the last send, how long deliveries still missing are waited for before they count as lost. */
const GRACE_MS = 10_000;

const USERS = 12001;
const MESSAGES = 1_000_000;
const HOT = 1;
const BLOCKS = Math.floor(10000 / 7);
const CONVERSATIONS = 2000 + 2 * BLOCKS;
const DEEP = 50_000;

const now = () => performance.timeOrigin + performance.now();
/** Compiles the app's SQL builders (no connection is made). */
const kysely = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: DB, max: 1 }) }) });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Creates, migrates and seeds the database unless it holds the data already; returns dm_0's user id (dm_i is base + i). */
async function seedIfNeeded() {
  await ensureDatabaseExists(DB);
  await runMigrations(DB);
  const db = new pg.Client({ connectionString: DB });
  await db.connect();
  try {
    const [{ n }] = (await db.query('SELECT count(*)::int AS n FROM conversations')).rows;
    if (n === CONVERSATIONS && !process.argv.includes('--reseed')) {
      console.log('direct-message data already present (pass --reseed to rebuild)');
    } else {
      await seed(db);
    }
    const [{ base, bad }] = (
      await db.query(`SELECT min(id)::int AS base, count(*) FILTER (WHERE id <> (SELECT id FROM users WHERE username = 'dm_0') + substr(username, 4)::int)::int AS bad
                        FROM users WHERE username LIKE 'dm\\_%'`)
    ).rows;
    if (bad) throw new Error(`${DB}: the dm_ accounts' ids are not consecutive; drop the database and run again`);
    return base;
  } finally {
    await db.end();
  }
}

async function seed(db) {
  const started = Date.now();
  const step = async (label, text, values) => {
    const t0 = Date.now();
    await db.query(text, values);
    console.log(`  ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${label}`);
  };
  await step('clear', `TRUNCATE conversations, conversation_members, dm_messages, dm_hidden_messages, dm_reactions, dm_settings`);
  await step('accounts gone', `DELETE FROM users WHERE username LIKE 'dm\\_%'`);
  // Never signs in with a password (sessions are written to Redis), so no argon2 hash is needed.
  await step(
    `${USERS} accounts`,
    `INSERT INTO users (username, email, password_hash, name, group_id)
     SELECT 'dm_' || i, 'dm_' || i || '@bench.local', '!bench-no-password', 'DM User ' || i, 5 FROM generate_series(0, $1::int - 1) AS i ORDER BY i`,
    [USERS],
  );
  const [{ base }] = (await db.query(`SELECT id::int AS base FROM users WHERE username = 'dm_0'`)).rows;
  const pairKey = (a, b) => `least(${a}, ${b}) || ':' || greatest(${a}, ${b})`;
  await step(
    `${CONVERSATIONS} conversations`,
    `INSERT INTO conversations (id, creator_id, is_group, pair_key) OVERRIDING SYSTEM VALUE
     SELECT c, CASE WHEN c > 950 THEN $1 + c ELSE $1 END, false, ${pairKey('$1::bigint', '$1::bigint + c')} FROM generate_series(1, 1000) c
     UNION ALL SELECT c, $1 + 10001 + 2 * (c - 1001), false, ${pairKey('$1::bigint + 10001 + 2 * (c - 1001)', '$1::bigint + 10002 + 2 * (c - 1001)')} FROM generate_series(1001, 2000) c
     UNION ALL SELECT 2001 + 2 * b, $1 + 7 * b + 1, false, ${pairKey('$1::bigint + 7 * b + 1', '$1::bigint + 7 * b + 2')} FROM generate_series(0, $2::int - 1) b
     UNION ALL SELECT 2002 + 2 * b, $1 + 7 * b + 3, true, NULL FROM generate_series(0, $2::int - 1) b`,
    [base, BLOCKS],
  );
  await step('conversation ids', `SELECT setval(pg_get_serial_sequence('conversations', 'id'), (SELECT max(id) FROM conversations))`);
  // Every row is made to fit its keys here, so the foreign-key triggers are skipped for the bulk insert.
  await db.query(`SET session_replication_role = replica`);
  await step(
    `${MESSAGES.toLocaleString('en')} messages`,
    `INSERT INTO dm_messages (conversation_id, sender_id, text, created_at)
     SELECT s.c,
            CASE WHEN s.c BETWEEN 951 AND 1000 OR (CASE WHEN s.c = 1 THEN s.i / 10 ELSE s.i END) % 2 = 1 THEN m.b ELSE m.a END,
            'Message ' || s.i || ': on my way, see you at the usual place around seven?',
            timestamptz '2026-01-01 00:00:00+00' + s.i * interval '20 seconds'
       FROM (SELECT i, CASE WHEN i % 10 = 0 THEN 1 ELSE 2 + i % 1999 END AS c FROM generate_series(1, $2::int) i) s
       CROSS JOIN LATERAL (SELECT CASE WHEN s.c <= 1000 THEN $1::bigint ELSE $1::bigint + 10001 + 2 * (s.c - 1001) END AS a,
                                  CASE WHEN s.c <= 1000 THEN $1::bigint + s.c ELSE $1::bigint + 10002 + 2 * (s.c - 1001) END AS b) m
      ORDER BY s.i`,
    [base, MESSAGES],
  );
  await db.query(`SET session_replication_role = DEFAULT`);
  await step(
    'members of the seeded conversations',
    `WITH last AS (SELECT conversation_id AS c, max(id) AS last_id, max(created_at) AS last_at FROM dm_messages GROUP BY conversation_id)
     INSERT INTO conversation_members (conversation_id, user_id, accepted, last_read_id, activity_at, joined_at)
     SELECT l.c, u.user_id, u.accepted, l.last_id, l.last_at, timestamptz '2026-01-01 00:00:00+00'
       FROM last l CROSS JOIN LATERAL (
         SELECT $1::bigint AS user_id, l.c <= 950 AS accepted WHERE l.c <= 1000
         UNION ALL SELECT $1::bigint + l.c, true WHERE l.c <= 1000
         UNION ALL SELECT $1::bigint + 10001 + 2 * (l.c - 1001), true WHERE l.c > 1000
         UNION ALL SELECT $1::bigint + 10002 + 2 * (l.c - 1001), true WHERE l.c > 1000) u`,
    [base],
  );
  await step(
    "dm_0's unread messages in 100 conversations",
    `UPDATE conversation_members cm SET last_read_id = x.read_id, unread_count = x.n
       FROM (SELECT c.id AS conversation_id, r.id AS read_id,
                    (SELECT count(*) FROM dm_messages m WHERE m.conversation_id = c.id AND m.id > r.id AND m.sender_id <> $1)::int AS n
               FROM generate_series(2, 101) AS c(id)
               CROSS JOIN LATERAL (SELECT id FROM dm_messages WHERE conversation_id = c.id ORDER BY id DESC OFFSET 4 LIMIT 1) r) x
      WHERE cm.conversation_id = x.conversation_id AND cm.user_id = $1`,
    [base],
  );
  await step(
    'members of the live conversations',
    `INSERT INTO conversation_members (conversation_id, user_id, accepted, activity_at)
     SELECT 2001 + 2 * b + CASE WHEN k <= 2 THEN 0 ELSE 1 END, $1::bigint + 7 * b + k, true, now()
       FROM generate_series(0, $2::int - 1) b, generate_series(1, 7) k`,
    [base, BLOCKS],
  );
  await step('ANALYZE', 'ANALYZE');
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function cannon(base, { path: url, paths }, cookie) {
  const options = { url: `${base}${url ?? paths[0]}`, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } };
  // Several paths: each request takes one at random.
  if (paths) options.requests = [{ setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }];
  const result = await autocannon(options);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx + result.errors };
}

/** Conversation pages and the inbox, read by dm_0 from instance A at CONNECTIONS connections, each beside its database floor. */
async function measureReads(base, cookie, me) {
  const get = async (url) => {
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const [{ id: deepId }] = await sqlRows(`SELECT id FROM dm_messages WHERE conversation_id = $1 ORDER BY id DESC OFFSET $2 LIMIT 1`, [HOT, DEEP - 1]);
  // The inbox 500 conversations deep, reached the way a client would.
  let inboxCursor = null;
  for (let i = 0; i < 5; i++) inboxCursor = (await get(`/api/conversations?limit=100${inboxCursor ? `&cursor=${encodeURIComponent(inboxCursor)}` : ''}`)).nextCursor;
  const take = 21; // the default page of 20, plus one row to know whether there is more
  // The floor's statements, as the service runs them for the endpoint (the page's reactions on its ids).
  const page = (conversationId, before) => async () => {
    const { sql, parameters } = dmSql.messagePageSql(conversationId, me, 0, before, take).compile(kysely);
    const ids = (await sqlRows(sql, parameters)).slice(0, 20).map((r) => Number(r.id));
    return [dmSql.membershipSql(conversationId, me), dmSql.messagePageSql(conversationId, me, 0, before, take), dmSql.reactionsSql(ids, me)];
  };
  const rows = [
    { name: 'Conversation page: first, hot conversation (100,000 messages)', path: `/api/conversations/${HOT}/messages`, floor: page(HOT) },
    { name: `Conversation page: ${DEEP.toLocaleString('en')} messages deep by cursor, hot conversation`, path: `/api/conversations/${HOT}/messages?cursor=${encodeCursor([Number(deepId)])}`, floor: page(HOT, Number(deepId)) },
    { name: 'Conversation page: first, one of 949 conversations of ~450 messages at random', paths: Array.from({ length: 949 }, (_, i) => `/api/conversations/${i + 2}/messages`), floor: page(500) },
    { name: 'Inbox: first page (950 in the inbox)', path: '/api/conversations', floor: async () => [dmSql.listSql(me, true, undefined, take, undefined)] },
    { name: 'Inbox: 500 conversations deep by cursor', path: `/api/conversations?cursor=${encodeURIComponent(inboxCursor)}`, floor: async () => [dmSql.listSql(me, true, decodeTimeCursor(inboxCursor), take, undefined)] },
    { name: 'Inbox: Requests (50)', path: '/api/conversations?filter=requests', floor: async () => [dmSql.listSql(me, false, undefined, take, undefined)] },
    { name: 'Inbox: unread counts (100 conversations unread, 50 requests)', path: '/api/conversations/unread', floor: async () => [dmSql.unreadSql(me)] },
  ];
  const pool = new pg.Pool({ connectionString: DB, max: CONNECTIONS });
  const results = [];
  try {
    for (const row of rows) {
      const sample = await get(row.path ?? row.paths[0]);
      const items = sample.items?.length ?? JSON.stringify(sample);
      await cannon(base, row, cookie); // warm-up
      const r = await cannon(base, row, cookie);
      const statements = (await row.floor()).map((b) => b.compile(kysely));
      const floor = await closedLoop(async () => {
        // Named like the app's (SqlService): the same prepared statements, planned once per connection.
        for (const { sql, parameters } of statements) await pool.query({ name: statementName(sql), text: sql, values: parameters });
      }, { connections: CONNECTIONS, seconds: SECONDS });
      results.push({ ...row, items, ...r, floor, statements: statements.length });
      console.log(`${row.name}: p50 ${fmt(r.p50)} / p99 ${fmt(r.p99)} ms, ${fmt(r.rps, 0)} req/s, ${r.non2xx} non-2xx (${items} items); DB floor ${fmt(floor.rps, 0)} req/s, p99 ${fmt(floor.p99)} ms (load ${load()})`);
    }
  } finally {
    await pool.end();
  }
  return results;
}

/** A bare node:http handler answering a conversation page's JSON: how fast this machine serves HTTP at all. */
async function httpFloor(body) {
  const port = await freePort();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  try {
    return await cannon(`http://127.0.0.1:${port}`, { path: '/' }, '');
  } finally {
    server.close();
  }
}

async function sqlRows(text, values) {
  const client = new pg.Client({ connectionString: DB });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The forked socket clients (realtime-clients.mjs), with their `dm:message` arrivals by message id. */
function startClients(arrivals) {
  const child = fork(path.join(here, 'realtime-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let onConnected = null;
  child.on('message', (msg) => {
    if (msg.type === 'dms') {
      for (const [messageId, userId, at] of msg.items) {
        const byUser = arrivals.get(messageId) ?? new Map();
        byUser.set(userId, byUser.has(userId) ? -1 : at); // -1: more than once
        arrivals.set(messageId, byUser);
      }
    } else if (msg.type === 'connected') onConnected?.(msg);
  });
  return {
    connect: (targets) => new Promise((resolve) => { onConnected = resolve; child.send({ cmd: 'connect', targets, concurrency: 100 }); }),
    close: () => new Promise((resolve) => { child.once('exit', resolve); child.send({ cmd: 'close' }); }),
  };
}

/**
 * RATE messages a second for SEND_SECONDS (open loop: each sent on time, whatever the ones before
 * take), alternately in a pair and a group of five, each by one of its members at random, through
 * instance A and B in turn. Every other member's sockets must get `dm:message` with its id.
 */
async function measureLive({ a, b, cookies, userOf }) {
  const arrivals = new Map();
  const clients = startClients(arrivals);
  try {
    const connectedIds = Array.from({ length: CLIENTS }, (_, i) => i + 1);
    const on = (parity, only) =>
      connectedIds.filter((i) => i % 2 === parity && (!only || only.has(userOf(i)))).map((i) => ({ userId: userOf(i), cookie: cookies.get(userOf(i)) }));
    const connected = await clients.connect([{ url: a.base, clients: on(1) }, { url: b.base, clients: on(0) }]);
    console.log(`${connected.ok} sockets connected in ${fmt(connected.ms / 1000)} s (odd members on A, even on B), ${connected.failed} failed ${JSON.stringify(connected.errors)}`);
    // A handshake refused as Unavailable (the instance's pool busy with the others) is tried again, as a client would.
    connected.retried = 0;
    for (let attempt = 0; connected.failedUserIds.length && attempt < 5; attempt++) {
      await sleep(1000);
      const only = new Set(connected.failedUserIds);
      const again = await clients.connect([{ url: a.base, clients: on(1, only) }, { url: b.base, clients: on(0, only) }]);
      connected.retried += only.size;
      connected.ok += again.ok;
      connected.failed = again.failed;
      connected.failedUserIds = again.failedUserIds;
      connected.ms += again.ms + 1000;
      console.log(`  again: ${again.ok} of ${only.size} connected, ${again.failed} failed ${JSON.stringify(again.errors)}`);
    }
    if (connected.failed) throw new Error(`${connected.failed} sockets could not connect`);
    await sleep(3000);
    const blocks = Math.min(BLOCKS, Math.floor(CLIENTS / 7));
    const pairs = Array.from({ length: blocks }, (_, bl) => ({ id: 2001 + 2 * bl, members: [1, 2].map((k) => userOf(7 * bl + k)) }));
    const groups = Array.from({ length: blocks }, (_, bl) => ({ id: 2002 + 2 * bl, members: [3, 4, 5, 6, 7].map((k) => userOf(7 * bl + k)) }));
    const loadBefore = load();
    const sent = []; // { id, t0, http, recipients, sender, n }
    const failed = {};
    let inFlight = 0;
    const send = async (n) => {
      const list = n % 2 ? groups : pairs;
      const conversation = list[Math.floor(n / 2) % list.length];
      const sender = conversation.members[Math.floor(Math.random() * conversation.members.length)];
      const base = Math.floor(n / 2) % 2 ? b.base : a.base;
      inFlight += 1;
      const t0 = now();
      try {
        const res = await fetch(`${base}/api/conversations/${conversation.id}/messages`, {
          method: 'POST', headers: { cookie: cookies.get(sender), 'content-type': 'application/json' }, body: JSON.stringify({ text: `bench dm ${n}` }),
        });
        const body = await res.json();
        if (res.status !== 201) failed[res.status] = (failed[res.status] ?? 0) + 1;
        else sent.push({ id: body.id, t0, http: now() - t0, sender, recipients: conversation.members.filter((m) => m !== sender), n });
      } catch (error) {
        failed[error.name] = (failed[error.name] ?? 0) + 1;
      } finally {
        inFlight -= 1;
      }
    };
    const total = Math.round(RATE * SEND_SECONDS);
    const started = performance.now();
    const pending = [];
    for (let n = 0; n < total; n++) {
      const wait = started + (n * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      if (inFlight < MAX_IN_FLIGHT) pending.push(send(n));
      else failed.skipped = (failed.skipped ?? 0) + 1;
    }
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.all(pending);
    const expected = sent.reduce((sum, m) => sum + m.recipients.length, 0);
    const received = () => sent.reduce((sum, m) => sum + m.recipients.filter((r) => arrivals.get(m.id)?.has(r)).length, 0);
    const graceUntil = performance.now() + GRACE_MS;
    while (received() < expected && performance.now() < graceUntil) await sleep(200);
    const loadAfter = load();
    // The first second's messages warm the path up: counted for losses, left out of the latencies.
    const latencies = [];
    const echoes = [];
    let lost = 0;
    let twice = 0;
    let echoLost = 0;
    for (const m of sent) {
      const got = arrivals.get(m.id) ?? new Map();
      for (const r of m.recipients) {
        const at = got.get(r);
        if (at === undefined) lost += 1;
        else if (at === -1) twice += 1;
        else if (m.n >= RATE) latencies.push(at - m.t0);
      }
      const echo = got.get(m.sender);
      if (echo === undefined) echoLost += 1;
      else if (echo > 0 && m.n >= RATE) echoes.push(echo - m.t0);
    }
    latencies.sort((x, y) => x - y);
    echoes.sort((x, y) => x - y);
    const http = sent.filter((m) => m.n >= RATE).map((m) => m.http).sort((x, y) => x - y);
    const stats = (list) => ({ p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99), max: list.at(-1), n: list.length });
    const live = {
      connected, pairs: pairs.length, groups: groups.length, sent: sent.length, total, sendRate: total / sendSeconds, failed, expected, received: received(), lost, twice, echoLost,
      delivery: stats(latencies), echo: stats(echoes), http: stats(http), loadBefore, loadAfter,
    };
    console.log(JSON.stringify(live));
    return live;
  } finally {
    await clients.close();
  }
}

async function main() {
  const base = await seedIfNeeded();
  const userOf = (i) => base + i;
  const redis = new Redis(REDIS_URL);
  await clearRedisPrefix(redis, PREFIX);
  const cookies = await writeSessions(redis, PREFIX, Array.from({ length: CLIENTS + 1 }, (_, i) => userOf(i)));
  const env = { ROLE: 'api', REDIS_URL, REDIS_PREFIX: PREFIX };
  const startedAt = new Date();
  const loadAtStart = load();
  const [a, b] = await Promise.all([startApp(DB, env), startApp(DB, env)]);
  let reads = [];
  let live;
  let floor;
  try {
    await sleep(2000);
    if (ONLY !== 'live') {
      const body = await (await fetch(`${a.base}/api/conversations/${HOT}/messages`, { headers: { cookie: cookies.get(userOf(0)) } })).text();
      floor = await httpFloor(body);
      console.log(`HTTP floor (bare node:http): p50 ${fmt(floor.p50)} / p99 ${fmt(floor.p99)} ms, ${fmt(floor.rps, 0)} req/s`);
      reads = await measureReads(a.base, cookies.get(userOf(0)), userOf(0));
    }
    if (ONLY !== 'reads') live = await measureLive({ a, b, cookies, userOf });
  } finally {
    a.app.kill();
    b.app.kill();
    await sleep(500);
    await clearRedisPrefix(redis, PREFIX);
    await redis.quit();
    await kysely.destroy();
  }

  const met = (ok) => (ok ? 'yes' : '**no**');
  const lines = [
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadAtStart} at the start; 1,000,000 messages in 2,000 conversations (one of 100,000), reads at ${CONNECTIONS} connections for ${SECONDS} s each (after as long a warm-up) on instance A.`,
    '',
    '| Measurement | p50 / p95 / p99 / max ms | Rate | Errors | DB floor req/s (p99 ms) | Target | Met |',
    '|---|---|---|---|---|---|---|',
  ];
  if (live) {
    const d = live.delivery;
    const retried = live.connected.retried ? `, ${live.connected.retried} handshakes tried again` : '';
    lines.push(
      `| Live: send → each recipient's \`dm:message\`, 2 instances, ${live.connected.ok.toLocaleString('en')} sockets (connected in ${fmt(live.connected.ms / 1000)} s${retried}); ${live.pairs} pairs and ${live.groups} groups of 5, alternately (${d.n.toLocaleString('en')} deliveries after the first second) | ${fmt(d.p50)} / ${fmt(d.p95)} / **${fmt(d.p99)}** / ${fmt(d.max)} | ${fmt(live.sendRate, 0)} messages/s for ${SEND_SECONDS} s (${live.sent.toLocaleString('en')} of ${live.total.toLocaleString('en')} answered 201) | ${JSON.stringify(live.failed)} | | p99 ≤ 50 ms | ${met(d.p99 <= 50)} |`,
      `| Live: deliveries of the messages answered 201, expected / received / **lost** / twice | ${live.expected.toLocaleString('en')} / ${live.received.toLocaleString('en')} / **${live.lost}** / ${live.twice} | | | | lost = 0 | ${met(live.lost === 0)} |`,
      `| Live: the sender's own socket (echo) | ${fmt(live.echo.p50)} / ${fmt(live.echo.p95)} / ${fmt(live.echo.p99)} / ${fmt(live.echo.max)} | | ${live.echoLost} lost | | — | — |`,
      `| Live: the send's HTTP answer (201) | ${fmt(live.http.p50)} / ${fmt(live.http.p95)} / ${fmt(live.http.p99)} / ${fmt(live.http.max)} | | | | — | — |`,
    );
  }
  for (const r of reads) {
    lines.push(
      `| ${r.name} (${r.items} items) | ${fmt(r.p50)} / – / **${fmt(r.p99)}** / – | ${fmt(r.rps, 0)} req/s | ${r.non2xx} non-2xx | ${fmt(r.floor.rps, 0)} (${fmt(r.floor.p99)}; ${r.statements} statements) | p99 ≤ 20 ms | ${met(r.p99 <= 20 && r.non2xx === 0)} |`,
    );
  }
  if (floor) lines.push(`| HTTP floor (bare node:http, the first page's JSON) | ${fmt(floor.p50)} / – / ${fmt(floor.p99)} / – | ${fmt(floor.rps, 0)} req/s | ${floor.non2xx} | | | |`);
  if (live) lines.push('', `Load average ${live.loadBefore} before the sends, ${live.loadAfter} after.`);
  const table = lines.join('\n');
  console.log(`\n${table}\n`);
  mkdirSync(path.join(root, '.test-artifacts'), { recursive: true });
  writeFileSync(path.join(root, '.test-artifacts/bench-dm.md'), table + '\n');
}

await main();
