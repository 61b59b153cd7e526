#!/usr/bin/env node
// npm run bench:feed — feed, following and search under load on 100k users / 1M posts / 3M likes /
// 2M follows, beside two floors: the same page's SQL through `pg` (database floor) and a bare Node
// `http` JSON handler (HTTP floor). Prints a markdown table for docs/benchmarks.md.
//   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/cloud9_bench (reseeded with --reseed)
//   BENCH_SECONDS       seconds per measurement (default 10); BENCH_CONNECTIONS (default 32)
//   BENCH_ONLY          measure only the rows whose name contains this text (e.g. "muted words")
import autocannon from 'autocannon';
import { writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import * as path from 'node:path';
import pg from 'pg';
import { closedLoop, fmt, freePort } from './lib.mjs';
import { BENCH_DB, login, root, seedIfNeeded, startApp } from './bench-app.mjs';

const require = (await import('node:module')).createRequire(import.meta.url);
const { feedFilterOf } = require('../dist/modules/posts/feed-filter.js');
const { feedPageSql, pinnedCandidatesSql } = require('../dist/modules/posts/feed.sql.js');
const { decodeTimeCursor } = require('../dist/common/db/cursor.js');
const { olderMatchesSql, rankedPageSql, recentMatchesSql, SEARCH_CANDIDATES } = require('../dist/modules/search/search.sql.js');
const { statementName } = require('../dist/common/db/sql.service.js');
const { hidingOf } = require('../dist/modules/safety/hiding.js');
const { HIDDEN_BY_VIEWER_SQL } = require('../dist/modules/safety/safety.sql.js');

const DB = BENCH_DB;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const READER = 'bench_1';
/** The viewer who hides: 100 mutes and 100 blocks (hidingViewer). */
const HIDER = 'bench_7';
/** The viewer who hides as much as a member may: 200 muted words and 5,000 blocks (heavyHidingViewer). */
const HEAVY_HIDER = 'bench_9';

/**
 * The statements the API runs for one page, built by the app's own SQL builders (the database
 * floor), each `prepared` (named, as SqlService runs it) or not, as the app runs it.
 */
async function pageStatements(pool, { viewer, tab, cursor, search }) {
  const take = 21; // the default page of 20, plus one row to know whether there is more
  const statement = ({ sql, params }, prepared = true) => ({ text: sql, values: params, prepared });
  if (search) {
    // As SearchService: the newest matches (older ones too when those are few), then the ranked page.
    const recent = recentMatchesSql(search);
    const statements = [statement(recent)];
    let ids = (await pool.query(recent.sql, recent.params)).rows.map((r) => r.id);
    if (ids.length < SEARCH_CANDIDATES) {
      const older = olderMatchesSql(search);
      statements.push(statement(older, false));
      ids = [...new Set([...ids, ...(await pool.query(older.sql, older.params)).rows.map((r) => r.id)])];
    }
    statements.push(statement(rankedPageSql(ids, search, viewer.id, undefined, take)));
    return statements;
  }
  // As FeedService reads a page for a viewer whose hide rule took posts off the shared page.
  const filter = { ...feedFilterOf({ tab }, viewer), ...(viewer.hiding ? { hiding: viewer.hiding } : {}) };
  const statements = [];
  if (!cursor) statements.push(statement(pinnedCandidatesSql(filter)));
  statements.push(statement(feedPageSql(filter, decodeTimeCursor(cursor ?? undefined), [], take)));
  return statements;
}

/**
 * Writes while reading, as members write: WRITES_PER_SECOND writes a second (open loop: each is sent
 * on time, whatever the ones before take), spread over WRITERS signed-in accounts, on the posts of the
 * first page the reader sees: in every ten, five like-or-unlike toggles, three repost-or-unrepost
 * toggles and two replies. Returns stop(), which resolves to the writes per second that succeeded,
 * and removes the replies it wrote (and their count on their parents).
 */
const WRITERS = 10;
/** Every ten writes: five likes, three reposts, two replies; BENCH_WRITE_KINDS=like (or repost, reply) writes only that. */
const WRITE_KINDS = process.env.BENCH_WRITE_KINDS ? Array(10).fill(process.env.BENCH_WRITE_KINDS) : [...Array(5).fill('like'), ...Array(3).fill('repost'), ...Array(2).fill('reply')];
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 100);
/** Writes sent but not answered beyond this many are skipped (an app that stalls is not buried under a queue). */
const MAX_WRITES_IN_FLIGHT = 200;
async function startWriters(base, headers) {
  const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => login(base, `bench_${i + 20}`)));
  const firstPage = (await (await fetch(`${base}/api/posts`, { headers })).json()).items.map((p) => p.id);
  let writes = 0;
  let inFlight = 0;
  /** Writes that failed, by status (or the error's name), printed with the row. */
  const failed = {};
  const write = async (n) => {
    const { cookie } = writers[n % WRITERS];
    const post = firstPage[(n * 7) % firstPage.length];
    const kind = WRITE_KINDS[n % 10];
    const init = { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' };
    const url = `${base}/api/posts/${post}/${kind}`;
    if (kind === 'reply') init.body = JSON.stringify({ content: `bench write load reply ${n}` });
    inFlight += 1;
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (res.ok) writes += 1;
      else failed[res.status] = (failed[res.status] ?? 0) + 1;
    } catch (error) {
      failed[error.name] = (failed[error.name] ?? 0) + 1;
    } finally {
      inFlight -= 1;
    }
  };
  let running = true;
  const started = performance.now();
  const sent = [];
  const pacer = (async () => {
    for (let n = 0; running; n++) {
      const due = started + (n * 1000) / WRITES_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (!running) break;
      if (inFlight < MAX_WRITES_IN_FLIGHT) sent.push(write(n));
      else failed.skipped = (failed.skipped ?? 0) + 1;
    }
  })();
  return async () => {
    running = false;
    await pacer;
    const rate = writes / ((performance.now() - started) / 1000);
    await Promise.all(sent);
    if (Object.keys(failed).length) console.log(`  writes that failed: ${JSON.stringify(failed)}`);
    return rate;
  };
}

/** Removes the replies the writers wrote, and their count on their parents (as deleting them through the API would). */
async function removeWrittenReplies(pool) {
  await pool.query(
    `WITH gone AS (DELETE FROM posts WHERE content LIKE 'bench write load %' RETURNING parent_id),
          counted AS (SELECT parent_id, count(*)::int AS n FROM gone WHERE parent_id IS NOT NULL GROUP BY parent_id)
     UPDATE posts p SET replies_count = p.replies_count - counted.n FROM counted WHERE p.id = counted.parent_id`,
  );
}

/**
 * HIDER's mutes and blocks, written afresh on every run (so the same 100 + 100 whatever ran before):
 * the mutes take in the authors of the 10 newest posts, so the shared first page always loses some
 * and is read again for this viewer with their rule; the rest are spread over the accounts. Returns
 * the viewer as the page statements need them, with their hide rule read as the app reads it.
 */
async function hidingViewer(pool, id) {
  return rewriteHidingRule(pool, id, async (client) => {
    await client.query('DELETE FROM user_mutes WHERE user_id = $1', [id]);
    await client.query('DELETE FROM user_blocks WHERE user_id = $1', [id]);
    await client.query(
      `INSERT INTO user_mutes (user_id, target_id)
       SELECT $1, x.user_id FROM (
         SELECT c.user_id, min(c.o) AS o FROM (
           SELECT n.user_id, 0 AS o FROM (SELECT user_id FROM posts WHERE parent_id IS NULL ORDER BY created_at DESC, id DESC LIMIT 10) n
           UNION ALL SELECT u.id, 1 FROM users u WHERE u.id % 499 = 0) c
          WHERE c.user_id <> $1 GROUP BY c.user_id) x
        ORDER BY x.o, x.user_id LIMIT 100`,
      [id],
    );
    await client.query(
      `INSERT INTO user_blocks (user_id, target_id)
       SELECT $1, u.id FROM users u
        WHERE u.id % 500 = 1 AND u.id <> $1 AND NOT EXISTS (SELECT 1 FROM user_mutes m WHERE m.user_id = $1 AND m.target_id = u.id)
        ORDER BY u.id LIMIT 100`,
      [id],
    );
  });
}

/**
 * HEAVY_HIDER's rule, written afresh on every run: 5,000 blocks spread over the accounts and 200 muted
 * words, of which 5 are words the seeded posts use (about two posts in three carry one, so the walk
 * judges about three rows per post it keeps), 95 other single words and 100 phrases (judged by the
 * regular expression). Returns the viewer as hidingViewer does.
 */
async function heavyHidingViewer(pool, id) {
  return rewriteHidingRule(pool, id, async (client) => {
    await client.query('DELETE FROM user_blocks WHERE user_id = $1', [id]);
    await client.query('DELETE FROM muted_words WHERE user_id = $1', [id]);
    await client.query(
      `INSERT INTO user_blocks (user_id, target_id) SELECT $1, u.id FROM users u WHERE u.id % 20 = 3 AND u.id <> $1 ORDER BY u.id LIMIT 5000`,
      [id],
    );
    await client.query(
      `INSERT INTO muted_words (user_id, word)
       SELECT $1::bigint, w FROM unnest(ARRAY['storm', 'rain', 'coffee', 'jazz', 'pizza']) w
       UNION ALL SELECT $1, 'mutedword' || i FROM generate_series(1, 95) i
       UNION ALL SELECT $1, 'muted phrase ' || i FROM generate_series(1, 100) i`,
      [id],
    );
  });
}

/**
 * Runs `write(client)` in one transaction (the rule written afresh), then reads the viewer's hide
 * rule as the app does (HIDDEN_BY_VIEWER_SQL) and returns the viewer with it.
 */
async function rewriteHidingRule(pool, id, write) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await write(client);
    await client.query('COMMIT');
    const [row] = (await client.query(HIDDEN_BY_VIEWER_SQL, [id])).rows;
    const [{ following_count: followingCount }] = (await client.query('SELECT following_count FROM users WHERE id = $1', [id])).rows;
    return { id, following_count: followingCount, hiding: hidingOf(id, [...row.muted, ...row.blocked].map(Number), row.words, row.not_interested) };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function cannon(url, headers) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx + result.errors };
}

async function main() {
  await seedIfNeeded();
  const { app, base } = await startApp();
  try {
    const { cookie, user: me } = await login(base, READER);
    const headers = { cookie };
    const setup = new pg.Client({ connectionString: DB });
    await setup.connect();
    const [{ following_count: followingCount }] = (await setup.query('SELECT following_count FROM users WHERE id = $1', [me.id])).rows;
    await setup.end();
    const viewer = { id: me.id, following_count: followingCount };
    const hider = await login(base, HIDER);
    const seedPool = new pg.Pool({ connectionString: DB, max: 1 });
    const hidingReader = await hidingViewer(seedPool, hider.user.id);
    const heavyHider = await login(base, HEAVY_HIDER);
    const heavyReader = await heavyHidingViewer(seedPool, heavyHider.user.id);
    await seedPool.end();

    // A cursor 20,000 posts deep, reached the way a client would.
    let cursor = null;
    for (let i = 0; i < 200; i++) {
      const page = await (await fetch(`${base}/api/posts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers })).json();
      cursor = page.nextCursor;
    }
    const searchWord = 'champion';
    const endpoints = [
      { name: 'feed, first page', path: '/api/posts', query: { viewer } },
      { name: 'first page, signed in, 100 mutes + 100 blocks', path: '/api/posts', query: { viewer: hidingReader }, cookie: hider.cookie },
      { name: 'first page, signed in, 200 muted words + 5000 blocks', path: '/api/posts', query: { viewer: heavyReader }, cookie: heavyHider.cookie },
      { name: 'feed, first page (signed out)', path: '/api/posts', query: { viewer: { id: null } }, anonymous: true },
      { name: `feed, first page, under writes (${WRITES_PER_SECOND}/s from ${WRITERS} writers: likes, reposts, replies on its posts)`, path: '/api/posts', query: { viewer }, writes: true },
      { name: 'feed, deep cursor (20k)', path: `/api/posts?cursor=${encodeURIComponent(cursor)}`, query: { viewer, cursor } },
      { name: 'following (1,000 accounts)', path: '/api/posts?tab=following', query: { viewer, tab: 'following' } },
      { name: `search "${searchWord}"`, path: `/api/search/posts?query=${searchWord}`, query: { viewer, search: searchWord } },
    ];

    // HTTP floor: a bare node:http handler answering the first page's exact JSON.
    const firstPageBody = await (await fetch(`${base}/api/posts`, { headers })).text();
    const floorPort = await freePort();
    const floorServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(firstPageBody);
    });
    await new Promise((r) => floorServer.listen(floorPort, '127.0.0.1', r));
    const httpFloor = await cannon(`http://127.0.0.1:${floorPort}/`, {});
    floorServer.close();

    const pool = new pg.Pool({ connectionString: DB, max: CONNECTIONS });
    const rows = [];
    for (const endpoint of endpoints.filter((e) => !process.env.BENCH_ONLY || e.name.includes(process.env.BENCH_ONLY))) {
      const requestHeaders = endpoint.anonymous ? {} : endpoint.cookie ? { cookie: endpoint.cookie } : headers;
      await cannon(`${base}${endpoint.path}`, requestHeaders); // warm-up
      const stopWriters = endpoint.writes ? await startWriters(base, requestHeaders) : undefined;
      const api = await cannon(`${base}${endpoint.path}`, requestHeaders);
      const statements = await pageStatements(pool, endpoint.query);
      const dbFloor = await closedLoop(async () => {
        // Named like the app's (SqlService): the same prepared statements, planned once per connection.
        for (const { text, values, prepared } of statements) await pool.query({ name: prepared ? statementName(text) : undefined, text, values });
      }, { connections: CONNECTIONS, seconds: SECONDS });
      const writesPerSecond = stopWriters ? await stopWriters() : undefined;
      if (stopWriters) await removeWrittenReplies(pool);
      rows.push({ name: endpoint.name, api, dbFloor, statements: statements.length, writesPerSecond });
      console.log(`${endpoint.name}: api p99 ${fmt(api.p99)} ms, ${fmt(api.rps, 0)} req/s; db floor ${fmt(dbFloor.rps, 0)} req/s${writesPerSecond === undefined ? '' : `; ${fmt(writesPerSecond, 0)} writes/s`}`);
    }
    await pool.end();

    const table = [
      `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${CONNECTIONS} connections, ${SECONDS} s each, 100k users / 1M posts / 3M likes / 2M follows.`,
      '',
      '| Endpoint | p50 ms | p99 ms | req/s | non-2xx | DB floor req/s (p99 ms) | API / DB floor | API / HTTP floor |',
      '|---|---|---|---|---|---|---|---|',
      ...rows.map(({ name, api, dbFloor, statements, writesPerSecond }) =>
        `| ${name}${writesPerSecond === undefined ? '' : ` (${fmt(writesPerSecond, 0)} writes/s)`} | ${fmt(api.p50)} | ${fmt(api.p99)} | ${fmt(api.rps, 0)} | ${api.non2xx} | ${fmt(dbFloor.rps, 0)} (${fmt(dbFloor.p99)}; ${statements} statements) | ${fmt((100 * api.rps) / dbFloor.rps, 0)} % | ${fmt((100 * api.rps) / httpFloor.rps, 0)} % |`,
      ),
      `| HTTP floor (bare node:http, same JSON) | ${fmt(httpFloor.p50)} | ${fmt(httpFloor.p99)} | ${fmt(httpFloor.rps, 0)} | ${httpFloor.non2xx} | | | |`,
    ].join('\n');
    console.log(`\n${table}\n`);
    mkdirSync(path.join(root, '.test-artifacts'), { recursive: true });
    writeFileSync(path.join(root, '.test-artifacts/bench-feed.md'), table + '\n');
  } finally {
    app.kill();
  }
}

await main();
