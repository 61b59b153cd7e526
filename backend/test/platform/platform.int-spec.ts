import { MIGRATIONS } from '../../src/database/data-source';
import type Redis from 'ioredis';
import { Client } from 'pg';
import { MESSAGES, PLANS } from '@cloud9/contracts';
import { REDIS } from '../../src/common/redis.module';
import { ensureDatabaseExists, runMigrations } from '../../src/database/database-bootstrap';
import { uniqueName } from '../support/app';
import { bootWatched, countRows, WatchedApp } from '../support/harness';

const SECRETS = {
  SUPPORT_EMAIL: 'help@cloud9.test',
  DONATE_URL: 'https://donate.cloud9.test/give',
  PAYPAL_CLIENT_ID: 'public-paypal-client-id',
  PAYPAL_CLIENT_SECRET: 'paypal-secret-do-not-leak',
  PAYPAL_WEBHOOK_ID: 'webhook-id-do-not-leak',
  GIPHY_API_KEY: 'giphy-key-do-not-leak',
};

describe('platform: health, plans, config', () => {
  let t: WatchedApp;

  beforeAll(async () => {
    t = await bootWatched(SECRETS);
  });
  afterAll(() => t?.close());

  it('GET /api/health answers 200 with database and Redis up', async () => {
    const res = await t.request().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('GET /api/group/6 gives the Silver plan', async () => {
    const res = await t.request().get('/api/group/6').expect(200);
    expect(res.body).toEqual(
      expect.objectContaining({ id: 6, name: 'Silver', postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true, subscriptionFee: 4.99, isAvailable: true }),
    );
    expect(typeof res.body.subscriptionFee).toBe('number');
  });

  it('GET /api/group/5 gives Basic (2048 KB, cannot edit) and /api/group/1 gives admin (edit any time)', async () => {
    const basic = await t.request().get('/api/group/5').expect(200);
    expect(basic.body).toEqual(expect.objectContaining({ id: 5, name: 'Basic', mediaLimit: 2048, editTimeout: 0, subscriptionFee: 0 }));
    const admin = await t.request().get('/api/group/1').expect(200);
    expect(admin.body.editTimeout).toBeNull();
  });

  it('GET /api/group/999 answers 404 and /api/group/abc 400', async () => {
    const missing = await t.request().get('/api/group/999').expect(404);
    expect(missing.body.success).toBe(false);
    const bad = await t.request().get('/api/group/abc').expect(400);
    expect(bad.body.success).toBe(false);
    await t.request().get('/api/group/99999999999').expect(400);
  });

  it('GET /api/groups lists the 9 groups in id order, matching the contracts', async () => {
    const res = await t.request().get('/api/groups').expect(200);
    expect(res.body).toHaveLength(9);
    expect(res.body.map((g: { id: number }) => g.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const plan of PLANS) {
      const row = res.body.find((g: { id: number }) => g.id === plan.id);
      expect(row).toEqual(
        expect.objectContaining({
          name: plan.name,
          postLimit: plan.postLimit,
          mediaLimit: plan.mediaLimit,
          editTimeout: plan.editTimeout,
          subscriptionFee: plan.subscriptionFee,
          priorityBoost: plan.priorityBoost,
          isAvailable: plan.isAvailable,
        }),
      );
    }
  });

  it('GET /api/config gives the public settings and no secret', async () => {
    const res = await t.request().get('/api/config').expect(200);
    expect(res.body).toEqual({ supportEmail: SECRETS.SUPPORT_EMAIL, donateUrl: SECRETS.DONATE_URL, paypalClientId: SECRETS.PAYPAL_CLIENT_ID, paypalSdkUrl: 'https://www.paypal.com/sdk/js', gifsEnabled: true, emojiCdnUrl: 'https://cdn.jsdelivr.net/npm', staffTwoFactorRequired: false });
    for (const secret of [SECRETS.PAYPAL_CLIENT_SECRET, SECRETS.PAYPAL_WEBHOOK_ID, SECRETS.GIPHY_API_KEY, t.settings.sessionSecret, t.settings.databaseUrl]) {
      expect(res.text).not.toContain(secret);
    }
    expect(JSON.stringify(Object.keys(res.body))).not.toMatch(/secret|key|password|token|database|redis/i);
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await t.request().get('/api/no-such-endpoint').expect(404);
    expect(res.body.success).toBe(false);
  });

  it('sets security headers on API answers', async () => {
    const res = await t.request().get('/api/groups').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('never sent a password field or an argon2 hash in any response', () => {
    expect(t.inspected()).toBeGreaterThan(8);
    expect(t.leaks).toEqual([]);
  });
});

describe('health when Redis goes away', () => {
  let down: WatchedApp;
  beforeAll(async () => {
    down = await bootWatched();
  });
  afterAll(() => down?.close());

  it('GET /api/health answers 503 with redis down (database still up)', async () => {
    await down.request().get('/api/health').expect(200);
    down.app.get<Redis>(REDIS).disconnect();
    const res = await down.request().get('/api/health').expect(503);
    expect(res.body).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
  });
});

describe('migrations on a brand-new database', () => {
  const url = () => process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/cloud9_test_${process.env.C9_TEST_RUN}_mig`);

  it('two concurrent runs apply the schema once; a third applies nothing', async () => {
    await ensureDatabaseExists(url());
    const results = await Promise.all([runMigrations(url()), runMigrations(url())]);
    const all = MIGRATIONS.map((m) => m.name); // every checked-in migration, in order
    expect(results.flat()).toEqual(all);
    expect(results.map((r) => r.length).sort()).toEqual([0, all.length]);

    const db = new Client({ connectionString: url() });
    await db.connect();
    try {
      const groups = await db.query('SELECT count(*)::int AS n FROM groups');
      expect(groups.rows[0].n).toBe(9);
      const migrations = await db.query('SELECT name FROM migrations');
      expect(migrations.rows.map((r) => r.name).sort()).toEqual([...all].sort());
      expect(await runMigrations(url())).toEqual([]);
      const again = await db.query('SELECT count(*)::int AS n FROM migrations');
      expect(again.rows[0].n).toBe(all.length);
      expect((await db.query('SELECT count(*)::int AS n FROM groups')).rows[0].n).toBe(9);
    } finally {
      await db.end();
    }
  });

  it('ensureDatabaseExists is harmless on an existing database', async () => {
    await expect(ensureDatabaseExists(url())).resolves.toBeUndefined();
  });
});

describe('first admin from ADMIN_USERNAME / ADMIN_PASSWORD', () => {
  const username = uniqueName('boss');
  const env = { ADMIN_USERNAME: username, ADMIN_PASSWORD: 'admin-pass-123' };
  let first: WatchedApp | undefined;
  let second: WatchedApp | undefined;
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('creates the admin at start-up; it can sign in as group 1', async () => {
    first = await bootWatched(env);
    const [row] = await first.db.query('SELECT group_id FROM users WHERE username = $1', [username]);
    expect(row.group_id).toBe(1);
    const login = await first.request().post('/api/login').send({ username, password: 'admin-pass-123' }).expect(200);
    expect(login.body).toEqual(expect.objectContaining({ username, group_id: 1 }));
    const wrong = await first.request().post('/api/login').send({ username, password: 'not-the-admin-pass' }).expect(401);
    expect(wrong.body.error).toBe(MESSAGES.auth.invalidCredentials);
    expect(first.leaks).toEqual([]);
  });

  it('a second start with the same settings neither fails nor duplicates', async () => {
    await first?.close();
    first = undefined;
    second = await bootWatched(env);
    expect(await countRows(second, 'users', 'username = $1', [username])).toBe(1);
    await second.request().post('/api/login').send({ username, password: 'admin-pass-123' }).expect(200);
    await second.request().get('/api/health').expect(200);
  });

  it('ignores an invalid ADMIN_PASSWORD without failing to start', async () => {
    await second?.close();
    second = undefined;
    const bad = uniqueName('weak');
    const app = await bootWatched({ ADMIN_USERNAME: bad, ADMIN_PASSWORD: 'short' });
    try {
      expect(await countRows(app, 'users', 'username = $1', [bad])).toBe(0);
    } finally {
      await app.close();
    }
  });
});
