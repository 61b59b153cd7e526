import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { ensureDatabaseExists, runMigrations } from '../../src/database/database-bootstrap';
import { bootApp, PASSWORD, uniqueName, type TestApp } from '../support/app';

/**
 * Cost as a test: requests that are valid but as expensive as a client can make them (thousands of
 * blocks, 200 muted words that match almost every post, 1–2 character searches, a page size per
 * request so no cache answers twice, deep cursors, categories, the following tab, profile lists),
 * sent by one account from one address, 16 at a time for ATTACK_MS, against a database of 200,000
 * posts, while a second client reads the feed. The reader must stay fast (p99 under 500 ms) and never
 * get a 503; every attacker request must end within the statement limit (2 s), answered 200 or, when
 * it asks for more than its share, 429: never a 5xx.
 */
const POSTS = 200_000;
const AUTHORS = 2000;
const BLOCKED = 1000;
const MUTED_WORDS = 200;
const ATTACKERS = 16;
const ATTACK_MS = 20_000;
/** DATABASE_STATEMENT_TIMEOUT_MS's default: no request may take longer. */
const STATEMENT_LIMIT_MS = 2000;
const READER_P99_MS = 500;
/** A p99 over fewer reads is their slowest one. */
const READER_MIN_READS = 100;

/** The words of the seeded posts; the attacker mutes the common ones, so almost every post is hidden from them. */
const COMMON = ['cloud', 'nine', 'winner', 'gold', 'silver', 'diamond', 'sky', 'sunrise', 'storm', 'rain', 'coffee', 'music', 'football', 'election',
  'travel', 'beach', 'mountain', 'city', 'pizza', 'science', 'rocket', 'garden', 'movie', 'jazz', 'startup', 'ocean', 'forest', 'festival', 'trophy', 'champion'];

/** One cookie-carrying client over real HTTP (keep-alive), as a browser or a script would be. */
async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const cursorAt = (time: string, id: number) => Buffer.from(JSON.stringify([time, id])).toString('base64url');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

describe('cost: one client cannot drain the database', () => {
  let t: TestApp;
  let base: string;
  let db: Client;
  let attacker: { id: number; username: string; cookie: string };
  let reader: { cookie: string };
  let prolificVisible: string;
  let deepCursor: string;

  beforeAll(async () => {
    const started = performance.now();
    const url = `${process.env.DATABASE_URL!}_cost`;
    await ensureDatabaseExists(url);
    await runMigrations(url);
    db = new Client({ connectionString: url });
    await db.connect();
    t = await bootApp({ DATABASE_URL: url });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;

    const names = { attacker: uniqueName('attacker'), reader: uniqueName('reader') };
    for (const username of Object.values(names)) {
      const res = await fetch(`${base}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD }) });
      expect(res.status).toBe(201);
    }

    // Seeded inside PostgreSQL: AUTHORS accounts, then POSTS posts over 200 days, newest last; the
    // author of post n is skewed (index ⌊AUTHORS·r⁴⌋), so the first half of the authors writes most.
    await db.query('SET synchronous_commit = off');
    await db.query(
      `INSERT INTO users (username, email, password_hash, group_id)
       SELECT 'cost_' || i, 'cost_' || i || '@cost.local', 'x', 5 FROM generate_series(0, $1::int - 1) i`,
      [AUTHORS],
    );
    await db.query(
      `INSERT INTO posts (user_id, content, category, created_at, updated_at)
       SELECT a.first_id + floor($1::int * power(g.r, 4))::int,
              ($3::text[])[1 + g.h % 30] || ' ' || ($3::text[])[1 + (g.h >> 5) % 30] || ' ' || ($3::text[])[1 + (g.h >> 10) % 30] || ' post ' || g.n,
              (ARRAY['General','News','Health','Travel','Technology'])[1 + (g.h >> 15) % 5],
              g.ts, g.ts
         FROM (SELECT n, abs(hashtext(n::text)) AS h, (abs(hashtext('r' || n)) % 1000000) / 1000000.0 AS r,
                      now() - ($2::int - n) * interval '86 seconds' AS ts
                 FROM generate_series(1, $2::int) n) g
        CROSS JOIN (SELECT min(id) AS first_id FROM users WHERE username LIKE 'cost\\_%') a
        ORDER BY g.n`,
      [AUTHORS, POSTS, COMMON],
    );
    await db.query(`INSERT INTO post_tags (post_id, tag, user_id, created_at) SELECT id, 'daily', user_id, created_at FROM posts WHERE id % 10 = 0`);
    const [a] = (await db.query(`SELECT id, username FROM users WHERE username = $1`, [names.attacker])).rows;
    // The attacker blocks the most prolific authors, mutes 200 words (the common ones among them), marks
    // posts Not interested, and follows 300 of the accounts left.
    await db.query(
      `INSERT INTO user_blocks (user_id, target_id)
       SELECT $1, user_id FROM posts GROUP BY user_id ORDER BY count(*) DESC LIMIT $2`,
      [a.id, BLOCKED],
    );
    await db.query(
      `INSERT INTO muted_words (user_id, word) SELECT $1::bigint, w FROM unnest($2::text[]) w
       UNION ALL SELECT $1, 'rare phrase ' || i FROM generate_series(1, $3::int - cardinality($2::text[])) i`,
      [a.id, COMMON, MUTED_WORDS],
    );
    await db.query(`INSERT INTO post_not_interested (user_id, post_id) SELECT $1, id FROM posts WHERE id % 997 = 0`, [a.id]);
    await db.query(
      `INSERT INTO follows (follower_id, followed_id)
       SELECT $1, u.id FROM users u WHERE u.username LIKE 'cost\\_%'
          AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.user_id = $1 AND b.target_id = u.id) ORDER BY u.id LIMIT 300`,
      [a.id],
    );
    await db.query(`UPDATE users SET following_count = 300 WHERE id = $1`, [a.id]);
    await db.query('VACUUM ANALYZE');
    prolificVisible = (await db.query(
      `SELECT u.username FROM posts p JOIN users u ON u.id = p.user_id
        WHERE NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.user_id = $1 AND b.target_id = u.id)
        GROUP BY u.username ORDER BY count(*) DESC LIMIT 1`,
      [a.id],
    )).rows[0].username;
    const [middle] = (await db.query(`SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time FROM posts WHERE id = $1`, [POSTS / 2])).rows;
    deepCursor = cursorAt(middle.time, Number(middle.id));

    attacker = { id: Number(a.id), username: a.username, cookie: await signIn(base, names.attacker) };
    reader = { cookie: await signIn(base, names.reader) };
    console.log(`cost attack: database of ${POSTS} posts ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('keeps a reader fast and every attacker request within the statement limit', async () => {
    expect(Number((await db.query('SELECT count(*) FROM posts')).rows[0].count)).toBeGreaterThanOrEqual(POSTS);
    let n = 0;
    /** The next expensive request; each carries a page size of its own (1–100), so no cached page answers it. */
    const next = (): string => {
      n += 1;
      const limit = 1 + (n % 100);
      const deep = n % 3 === 0 ? `&cursor=${deepCursor}` : '';
      const short = ['q', 'zq', 'a', 'xk', 'e', 'jj'][n % 6];
      const paths = [
        `/api/posts?limit=${limit}${deep}`,
        `/api/posts?search=${short}&limit=${limit}${deep}`,
        `/api/posts?category=Travel&limit=${limit}${deep}`,
        `/api/posts/category/Health?limit=${limit}${deep}`,
        `/api/posts?tab=following&limit=${limit}${deep}`,
        `/api/search/posts?query=${short}&limit=${limit}`,
        `/api/posts?tag=daily&limit=${limit}${deep}`,
        `/api/users/${prolificVisible}/media?limit=${limit}${deep}`,
        `/api/search/profile/${prolificVisible}?query=${short}&limit=${limit}${deep}`,
        `/api/posts?search=${encodeURIComponent(`@${prolificVisible} ${short}`)}&limit=${limit}`,
      ];
      return paths[n % paths.length];
    };

    const attack: { path: string; status: number; ms: number }[] = [];
    const reads: { status: number; ms: number }[] = [];
    const end = performance.now() + ATTACK_MS;
    const attackers = Array.from({ length: ATTACKERS }, async () => {
      while (performance.now() < end) {
        const path = next();
        const t0 = performance.now();
        const res = await fetch(`${base}${path}`, { headers: { cookie: attacker.cookie } });
        await res.arrayBuffer();
        attack.push({ path, status: res.status, ms: performance.now() - t0 });
      }
    });
    // The second client: the feed's first pages, one after the other, several a second: enough reads (at
    // least READER_MIN_READS) that the p99 is a percentile, not the slowest of a few dozen.
    const readerLoop = (async () => {
      await new Promise((r) => setTimeout(r, 1000));
      while (performance.now() < end) {
        let cursor: string | null = null;
        for (let page = 0; page < 3 && performance.now() < end; page++) {
          const t0 = performance.now();
          const res = await fetch(`${base}/api/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { cookie: reader.cookie } });
          const body = (await res.json()) as { nextCursor?: string | null };
          reads.push({ status: res.status, ms: performance.now() - t0 });
          cursor = body.nextCursor ?? null;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    })();
    await Promise.all([...attackers, readerLoop]);

    const p99 = percentile(reads.map((r) => r.ms), 99);
    const slowest = attack.reduce((a, b) => (b.ms > a.ms ? b : a));
    const statuses = attack.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    console.log(
      `cost attack: ${attack.length} attacker requests ${JSON.stringify(statuses)}, slowest ${slowest.ms.toFixed(0)} ms (${slowest.path}); ` +
        `reader: ${reads.length} reads, p99 ${p99.toFixed(0)} ms, ${reads.filter((r) => r.status === 503).length} × 503`,
    );
    const kinds = new Map<string, number[]>();
    for (const r of attack) {
      const kind = r.path.replace(/[?&](limit|cursor)=[^&]*/g, '').replace(/search=[^&]*|query=[^&]*/, 'text');
      kinds.set(kind, [...(kinds.get(kind) ?? []), r.ms]);
    }
    console.log([...kinds].map(([kind, ms]) => `${kind}: ${ms.length}, p50 ${percentile(ms, 50).toFixed(0)} ms, max ${percentile(ms, 100).toFixed(0)} ms`).join('\n'));
    console.log(`reader: ${reads.map((r) => r.ms.toFixed(0)).join(' ')}`);
    expect(reads.length).toBeGreaterThanOrEqual(READER_MIN_READS);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(p99).toBeLessThan(READER_P99_MS);
    expect(attack.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    expect(attack.filter((r) => r.ms >= STATEMENT_LIMIT_MS).map((r) => `${r.path}: ${r.ms.toFixed(0)} ms`)).toEqual([]);
  }, ATTACK_MS + 30_000);
});
