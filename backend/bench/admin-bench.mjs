#!/usr/bin/env node
// npm run bench:admin — the admin jobs on the bench data (100k users / 1M posts / 3M likes / 2M follows),
// through their HTTP endpoints as an admin calls them: database backup and restore (with readers
// loading the feed during the restore), app backup, follow-table sync and the orphaned-upload scan.
// Works on a copy of the bench database (the restore replaces it). Prints a markdown table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import contracts from '@cloud9/contracts';
import { fmt, percentile, sql } from './lib.mjs';
import { BENCH_DB, login, root, seedIfNeeded, startApp } from './bench-app.mjs';

const COPY = BENCH_DB.replace(/\/[^/]+$/, '/cloud9_bench_admin');
const ADMIN = { username: 'bench_admin', password: 'bench-admin-password-1' };
const ORPHANS = Number(process.env.BENCH_ORPHANS ?? 10000);
const REFERENCED = Number(process.env.BENCH_REFERENCED ?? 10000);
const DRIFTED = 5000;

/** A fresh copy of the seeded bench database (a file-level copy inside PostgreSQL). */
async function copyBenchDb() {
  const server = BENCH_DB.replace(/\/[^/]+$/, '/postgres');
  const [source, copy] = [BENCH_DB, COPY].map((u) => u.split('/').pop());
  await sql(server, `DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`);
  const t0 = performance.now();
  await sql(server, `CREATE DATABASE "${copy}" TEMPLATE "${source}"`);
  console.log(`copied ${source} to ${copy} in ${fmt((performance.now() - t0) / 1000)} s`);
}

/** Timed admin call: the answer and its wall time in seconds. */
async function timed(base, cookie, method, apiPath) {
  const t0 = performance.now();
  // The GET admin tools answer only to the app's client, or a script that sends its header.
  const { APP_CLIENT_HEADER } = contracts;
  const res = await fetch(`${base}${apiPath}`, { method, headers: { cookie, [APP_CLIENT_HEADER.name]: APP_CLIENT_HEADER.value } });
  const body = await res.json();
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`${method} ${apiPath}: ${res.status} ${JSON.stringify(body)}`);
  return { body, seconds };
}

async function main() {
  await seedIfNeeded();
  await copyBenchDb();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cloud9-admin-bench-'));
  const uploads = path.join(tmp, 'uploads');
  mkdirSync(uploads, { recursive: true });
  // Uploads: REFERENCED profile pictures (users.thumbnail points at them) and ORPHANS nothing uses.
  const png = Buffer.alloc(2048, 7);
  for (let i = 0; i < REFERENCED; i++) writeFileSync(path.join(uploads, `ref-${i}.png`), png);
  for (let i = 0; i < ORPHANS; i++) writeFileSync(path.join(uploads, `orphan-${i}.png`), png);
  await sql(COPY, `UPDATE users SET thumbnail = '/uploads/ref-' || (id - (SELECT min(id) FROM users)) || '.png' WHERE id < (SELECT min(id) FROM users) + $1`, [REFERENCED]);

  const { app, base } = await startApp(COPY, {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_JOB_WAIT_MS: '600000',
    BACKUP_DIR: path.join(tmp, 'backups'),
    UPLOAD_DIR: uploads,
    ORPHAN_MIN_AGE_SECONDS: '0',
    REDIS_PREFIX: 'c9bench-admin:',
  });
  const rows = [];
  try {
    const admin = await login(base, ADMIN.username, ADMIN.password);
    const reader = await login(base, 'bench_1');
    const [{ posts, follows }] = await sql(COPY, `SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM follows) AS follows`);

    const backup = await timed(base, admin.cookie, 'GET', '/api/admin/backup');
    rows.push({ tool: 'Database backup (pg_dump -Fc)', seconds: backup.seconds, result: `${fmt(backup.body.bytes / 2 ** 20, 0)} MB dump of ${posts.toLocaleString('en-US')} posts` });

    // Drift: DRIFTED users' follower counts set wrong in the table, as the sync's integration test does.
    await sql(COPY, `UPDATE users SET followers_count = followers_count + 1 WHERE id IN (SELECT id FROM users ORDER BY id LIMIT $1)`, [DRIFTED]);
    const sync = await timed(base, admin.cookie, 'POST', '/api/admin/sync-follow-tables');
    rows.push({ tool: 'Sync follow tables', seconds: sync.seconds, result: `${sync.body.followersAdded} follower / ${sync.body.followingsAdded} following counts corrected (${DRIFTED} drifted; ${follows.toLocaleString('en-US')} follows)` });

    const scan = await timed(base, admin.cookie, 'GET', '/api/admin/orphaned-uploads');
    rows.push({ tool: 'Orphaned-upload scan', seconds: scan.seconds, result: `${scan.body.total} of ${ORPHANS + REFERENCED} files orphaned (${ORPHANS} planted)` });

    const appBackup = await timed(base, admin.cookie, 'GET', '/api/admin/app-backup');
    rows.push({ tool: 'App backup (.tar.gz)', seconds: appBackup.seconds, result: `${fmt(appBackup.body.bytes / 2 ** 20, 1)} MB, ${appBackup.body.files} files` });

    // Restore while 8 readers load the feed: how long, and what readers saw meanwhile. The readers are
    // all going before the restore is asked for and stop only after it has answered, so the window
    // covers the whole job (load beside the live tables, migrations, swap, drop of the old tables).
    await sql(COPY, `DELETE FROM posts WHERE id IN (SELECT id FROM posts WHERE parent_id IS NULL ORDER BY id DESC LIMIT 1000)`);
    const latencies = [];
    let errors = 0;
    let restoring = true;
    let going = 0;
    let allGoing;
    const started = new Promise((resolve) => (allGoing = resolve));
    const readers = Array.from({ length: 8 }, async () => {
      let first = true;
      while (restoring) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${base}/api/posts`, { headers: { cookie: reader.cookie } });
          await res.arrayBuffer();
          if (res.status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0); // failures count too: a request that failed slowly was slow
        if (first && ++going === 8) allGoing();
        first = false;
      }
    });
    await started;
    const restore = await timed(base, admin.cookie, 'GET', '/api/admin/restore');
    restoring = false;
    await Promise.all(readers);
    latencies.sort((a, b) => a - b);
    const [{ after }] = await sql(COPY, `SELECT count(*)::int AS after FROM posts`);
    const me = await fetch(`${base}/api/me`, { headers: { cookie: reader.cookie } });
    const phases = /loaded beside the live tables in [\d.]+ s, swapped in \d+ ms/i.exec(restore.body.output ?? '')?.[0] ?? restore.body.output;
    const p99 = percentile(latencies, 99);
    rows.push({
      tool: 'Database restore (newest backup)',
      seconds: restore.seconds,
      result:
        `${after === posts ? 'posts equal the backup' : `MISMATCH ${after} vs ${posts}`}; ${phases}; 8 readers meanwhile: ${latencies.length} feed pages, ` +
        `${errors} errors, p50 ${fmt(percentile(latencies, 50), 0)} ms, p99 ${fmt(p99, 0)} ms (${p99 <= 1000 && errors === 0 ? 'within' : 'OVER'} the 1 s / 0 errors goal), max ${fmt(latencies.at(-1), 0)} ms; reader session after: ${me.status}`,
    });
    return { rows, tmp };
  } finally {
    app.kill();
  }
}

const { rows, tmp } = await main();
const table = [
  `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, 2 cores, on a copy of the bench database (100k users / 1M posts / 3M likes / 2M follows), each tool through its HTTP endpoint (the job runs in the API process, ROLE=all).`,
  '',
  '| Tool | Wall time s | Result |',
  '|---|---|---|',
  ...rows.map((r) => `| ${r.tool} | ${fmt(r.seconds)} | ${r.result} |`),
].join('\n');
console.log(`\n${table}\n`);
mkdirSync(path.join(root, '.test-artifacts'), { recursive: true });
writeFileSync(path.join(root, '.test-artifacts/bench-admin.md'), table + '\n');
rmSync(tmp, { recursive: true, force: true });
