import fc from 'fast-check';
import { Agent } from 'node:http';
import { Client } from 'pg';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { ALERT_TYPES, SAFETY_RULES } from '@cloud9/contracts';
import { AuditService } from '../../src/modules/audit/audit.service';
import { AccountMailService } from '../../src/modules/users/account-mail.service';
import { AccountTokensRepository } from '../../src/modules/users/account-tokens.repository';
import { bootApp, TestApp } from '../support/app';
import { FakeGiphy, startFakeGiphy } from '../fakes/giphy-server';
import { FakePayPal, startFakePayPal } from '../fakes/paypal-server';
import { eventually, filesUnder, signInCookie } from '../support/harness';
import {
  describeRequest, hostileQueueBoardRequest, hostileRequestFor, HostileRequest, HostileResponse, Identities, routeInputs, sendRaw,
} from '../support/hostile-requests';
import { appRoutes } from '../support/routes';
// Every limit off, so the fuzz reaches validation instead of a 429.
import { RATE_LIMITS_OFF } from '../setup/test-env';

const SEED = 20_241_110;
const REQUESTS = 6000;
const BATCH = 12;
/** The cost axis: no request, however hostile, may take longer than this to answer. */
const ANSWER_WITHIN_MS = 2000;

/** Row count of every table of the schema. */
async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables: { name: string }[] = await t.db.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await t.db.query(`SELECT count(*)::int AS n FROM "${name}"`))[0].n;
  return counts;
}

/**
 * The accounts the cost axis's viewer mutes and blocks (the caps: SAFETY_RULES' 5000 of each), and
 * their posts each: every page read of that viewer walks past hidden posts until FEED_SCAN_LIMIT.
 */
const HIDDEN_ACCOUNTS = SAFETY_RULES.blocksMax;
const HIDDEN_POSTS_PER_AUTHOR = 4;

/**
 * The cost axis's viewer: the Basic user mutes and blocks HIDDEN_ACCOUNTS authors and mutes the most
 * words (SAFETY_RULES.mutedWordsMax), so each of their page reads runs every filter.
 */
async function hideLikeAHeavyUser(t: TestApp, userId: number): Promise<void> {
  // A connection of its own: the seed is no request, and runs past the app's statement limit.
  const db = new Client({ connectionString: t.settings.databaseUrl });
  await db.connect();
  try {
    await seedHiding(db, userId);
  } finally {
    await db.end();
  }
}

async function seedHiding(db: Client, userId: number): Promise<void> {
  await db.query(
    `INSERT INTO users (username, email, password_hash, group_id)
     SELECT 'fuzzhidden_' || g, 'fuzzhidden_' || g || '@example.com', 'x', 5 FROM generate_series(1, $1::int) g`,
    [HIDDEN_ACCOUNTS],
  );
  const authors = `SELECT id FROM users WHERE username LIKE 'fuzzhidden\\_%'`;
  await db.query(`INSERT INTO posts (user_id, content, category) SELECT a.id, 'hidden post ' || g, 'General' FROM (${authors}) a, generate_series(1, $1::int) g`, [HIDDEN_POSTS_PER_AUTHOR]);
  await db.query(`INSERT INTO user_blocks (user_id, target_id) SELECT $1, id FROM (${authors}) a`, [userId]);
  await db.query(`INSERT INTO user_mutes (user_id, target_id) SELECT $1, id FROM (${authors}) a`, [userId]);
  await db.query(`INSERT INTO muted_words (user_id, word) SELECT $1, 'mutedword' || g FROM generate_series(1, $2::int) g`, [userId, SAFETY_RULES.mutedWordsMax]);
}

/**
 * Thousands of hostile requests (fixed seed) over every route and Bull Board, anonymous and as a
 * Basic, a staff and an admin user. None may answer 5xx or take over ANSWER_WITHIN_MS (the cost axis:
 * the Basic user hides 5000 accounts and 200 words, so each of its page reads filters), and
 * none may write: every table keeps its exact row count, but for the audit log, which gains exactly
 * one row per attempt the app audited (the admin's), and no file stays behind.
 */
describe('fuzz: hostile requests over every route', () => {
  let t: TestApp;
  let giphy: FakeGiphy;
  let paypal: FakePayPal;
  let port: number;
  let ids: Identities;
  const agent = new Agent({ keepAlive: true, maxSockets: BATCH });

  const signIn = (groupId: number) => signInCookie(t, groupId, 'fuzz');

  beforeAll(async () => {
    giphy = await startFakeGiphy({ apiKey: 'fuzz-key' });
    paypal = await startFakePayPal({ clientId: 'fuzz-client', secret: 'fuzz-secret', webhookId: 'WH-FUZZ' });
    t = await bootApp({
      ...RATE_LIMITS_OFF,
      // Its own database, Redis keys and upload folder: counts and files belong to this suite alone.
      DATABASE_URL: `${process.env.DATABASE_URL}_fuzz`,
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}fuzz:`,
      UPLOAD_DIR: `${process.env.UPLOAD_DIR}-fuzz`,
      // No worker here, and admin tools answer 202 at once: an admin's backup or restore is only queued, never run.
      ROLE: 'api',
      ADMIN_JOB_WAIT_MS: '0',
      GIPHY_API_BASE: giphy.baseUrl,
      GIPHY_API_KEY: 'fuzz-key',
      GIPHY_MEDIA_HOSTS: giphy.mediaHost,
      GIPHY_PINGBACK_URL: giphy.pingbackUrl,
      PAYPAL_API_BASE: paypal.baseUrl,
      PAYPAL_CLIENT_ID: 'fuzz-client',
      PAYPAL_CLIENT_SECRET: 'fuzz-secret',
      PAYPAL_WEBHOOK_ID: 'WH-FUZZ',
      PAYPAL_PLAN_SILVER: 'P-SILVER',
      PAYPAL_PLAN_GOLD: 'P-GOLD',
    });
    await t.app.listen(0, '127.0.0.1');
    port = ((t.app.getHttpServer() as Server).address() as AddressInfo).port;
    const [basic, staff, admin] = [await signIn(5), await signIn(2), await signIn(1)];
    ids = {
      cookies: { basic: basic.cookie, staff: staff.cookie, admin: admin.cookie },
      usernames: { basic: basic.username, staff: staff.username, admin: admin.username },
    };
    await hideLikeAHeavyUser(t, basic.id);
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
    await giphy?.close();
    await paypal?.close();
  });

  it(`answers ${REQUESTS} hostile requests without a 5xx and writes nothing`, async () => {
    const routes = appRoutes(t.app);
    expect(routes.length).toBeGreaterThan(50);
    const arbitrary = fc.oneof(
      { arbitrary: fc.constantFrom(...routes).chain((route) => hostileRequestFor(route, ids, routeInputs(route)).map((req) => ({ route: `${route.method} ${route.path}`, req }))), weight: 20 },
      { arbitrary: hostileQueueBoardRequest(ids).map((req) => ({ route: 'Bull Board /api/admin/queues', req })), weight: 1 },
    );
    const requests = fc.sample(arbitrary, { seed: SEED, numRuns: REQUESTS });

    const countsBefore = await tableCounts(t);
    const filesBefore = await filesUnder(t.settings.uploadDir);
    const audited = jest.spyOn(t.app.get(AuditService), 'record');
    // A signed-in resend (it has no body to break) and forgot legitimately make a link's token: one row per issue() call.
    const issued = jest.spyOn(t.app.get(AccountTokensRepository), 'issue');

    const failures: { req: HostileRequest; res: HostileResponse }[] = [];
    const perRoute = new Map<string, Set<string>>();
    /** The slowest answer of each route, in ms. */
    const slowest = new Map<string, number>();
    let sent = 0;
    for (let i = 0; i < requests.length; i += BATCH) {
      const batch = requests.slice(i, i + BATCH);
      const answers = await Promise.all(batch.map(({ req }) => sendRaw(port, agent, req)));
      answers.forEach((res, j) => {
        const { route, req } = batch[j];
        sent++;
        perRoute.set(route, (perRoute.get(route) ?? new Set()).add(req.identity));
        if (res.status >= 500 || res.status === 0 || res.ms > ANSWER_WITHIN_MS) failures.push({ req, res });
        if (res.ms > (slowest.get(route) ?? 0)) slowest.set(route, res.ms);
      });
    }

    const slow = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([route, ms]) => `${route} ${ms} ms`);
    console.log(
      `fuzz: ${sent} requests over ${perRoute.size} routes (seed ${SEED}); ${failures.filter((f) => f.res.status >= 500).length} answered 5xx, ` +
        `${failures.filter((f) => f.res.status === 0).length} got no answer, ${failures.filter((f) => f.res.ms > ANSWER_WITHIN_MS).length} took over ${ANSWER_WITHIN_MS} ms; slowest: ${slow.join(', ')}`,
    );
    if (failures.length) {
      const first = failures[0];
      const kinds = [...new Set(failures.map((f) => `${f.res.status} ${f.res.ms} ms ${f.req.kind}`))].slice(0, 30);
      throw new Error(
        `${failures.length} of ${sent} requests failed. First: ${describeRequest(first.req)} -> ${first.res.status} in ${first.res.ms} ms ${first.res.error ?? first.res.body}\nkinds: ${kinds.join(', ')}`,
      );
    }

    // Every route was fuzzed, and each by more than one identity (logout only anonymously).
    for (const route of routes) expect([`${route.method} ${route.path}`, (perRoute.get(`${route.method} ${route.path}`)?.size ?? 0) >= (route.path === '/api/logout' ? 1 : 2)]).toEqual([`${route.method} ${route.path}`, true]);
    expect(perRoute.has('Bull Board /api/admin/queues')).toBe(true);

    // Nothing was written: exact row counts everywhere. The audit log legitimately records each admin
    // call that reached an audited handler (refused ones included): exactly one row per record() call.
    await Promise.all(audited.mock.results.map((r) => r.value));
    const auditRows = audited.mock.calls.length;
    const actors = new Set(audited.mock.calls.map(([actor]) => actor.username));
    audited.mockRestore();
    expect([...actors]).toEqual([ids.usernames.admin]);
    await t.app.get(AccountMailService).settled();
    await Promise.all(issued.mock.results.map((r) => r.value as Promise<unknown>));
    const tokenRows = issued.mock.calls.length;
    issued.mockRestore();
    // Two-factor setup takes no input, so any signed-in call of it is a valid one: it may leave an
    // inactive credential per identity (never an enabled one, and no recovery codes).
    const [{ pending, enabled }] = await t.db.query(`SELECT count(*)::int AS pending, count(enabled_at)::int AS enabled FROM totp_credentials`);
    expect(enabled).toBe(0);
    expect(pending).toBeLessThanOrEqual(3);
    // The one write a bare signed-in request makes: a data export (at most one per identity: once per 7 days).
    const counts = await tableCounts(t);
    expect(counts.data_exports - countsBefore.data_exports).toBeLessThanOrEqual(Object.keys(ids.cookies).length);
    // The notification switches take a partial body of booleans, which the fuzz's JSON values include
    // (`{"like":false}` is a valid request): at most one row per identity and alert type, in either table.
    const switches = Object.keys(ids.cookies).length * ALERT_TYPES.length;
    expect(counts.alert_mutes - countsBefore.alert_mutes).toBeLessThanOrEqual(switches);
    expect(counts.push_mutes - countsBefore.push_mutes).toBeLessThanOrEqual(switches + Object.keys(ids.cookies).length);
    expect(counts).toEqual({
      ...countsBefore,
      audit_log: countsBefore.audit_log + auditRows,
      data_exports: counts.data_exports,
      totp_credentials: countsBefore.totp_credentials + pending,
      account_tokens: countsBefore.account_tokens + tokenRows,
      alert_mutes: counts.alert_mutes,
      push_mutes: counts.push_mutes,
    });

    // No upload survived, not even in UPLOAD_DIR/.incoming.
    expect(await eventually(async () => JSON.stringify(await filesUnder(t.settings.uploadDir)) === JSON.stringify(filesBefore), 5000)).toBe(true);
  }, 180_000);
});
