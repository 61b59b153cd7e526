import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';
import { sessionCookieFor } from '../../src/common/auth/signed-session-cookie';
import { bootApp, PASSWORD, signUp, TestApp, uniqueName } from '../support/app';
import { sessionCookieOf, sessionIdOf } from '../support/harness';

// These run the built entry points (`npm run build` first; `npm test` does). Each run is a new Node
// process loading the app's modules: seconds on a quiet machine, tens of seconds beside the other lanes,
// and a test may run two or three of them.
jest.setTimeout(150_000);
const dist = path.resolve(__dirname, '../../dist');
const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(dist, script), ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });

describe('npm start refuses to run without its services', () => {
  it('names DATABASE_URL and how to start PostgreSQL when it is unreachable', () => {
    const result = run('main.js', [], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/cloud9', PORT: '3998' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Cannot reach PostgreSQL at DATABASE_URL=postgres:\/\/postgres@127\.0\.0\.1:1\/cloud9/);
    expect(lines[0]).toMatch(/pg_ctlcluster|docker compose/);
  });

  it('names REDIS_URL and how to start Redis when it is unreachable', () => {
    const result = run('main.js', [], { REDIS_URL: 'redis://127.0.0.1:1', PORT: '3998' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/Cannot reach Redis at REDIS_URL=redis:\/\/127\.0\.0\.1:1/);
    expect(result.stderr).toMatch(/redis-server/);
  });

  it('names PAYPAL_WEBHOOK_ID when PayPal is configured without it', () => {
    const result = run('main.js', [], { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: '', PORT: '3998' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/cannot start: PAYPAL_WEBHOOK_ID must be set when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are/);
  });

  it('refuses to start in production without SESSION_SECRET, naming it', () => {
    const result = run('main.js', [], { NODE_ENV: 'production', SESSION_SECRET: '', PORT: '3998' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/SESSION_SECRET must be set in production/);
  });

  it('names a malformed setting', () => {
    const result = run('main.js', [], { PORT: 'seventy' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/PORT must be a whole number/);
  });
});

describe('npm run cli -- create-admin', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = createDataSource(process.env.DATABASE_URL!);
    await db.initialize();
  });
  afterAll(() => db.destroy());

  it('creates an admin, and gives an existing admin a new password', async () => {
    const username = uniqueName('cli');
    const first = run('cli.js', ['create-admin', '--username', username, '--password', 'first-password-1']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`Created admin "${username}"`));
    const [row] = await db.query('SELECT group_id, password_hash FROM users WHERE username = $1', [username]);
    expect(row.group_id).toBe(1);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const again = run('cli.js', ['create-admin', '--username', username, '--password', 'second-password-2']);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/Updated admin/);
    const [after] = await db.query('SELECT group_id, password_hash FROM users WHERE username = $1', [username]);
    expect(after.group_id).toBe(1);
    expect(after.password_hash).not.toBe(row.password_hash);
  });

  describe('an existing account that is not an admin', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootApp();
    });
    afterAll(() => t?.close());

    it('is refused without --promote-existing, naming its e-mail and creation date; nothing changes', async () => {
      const member = await signUp(t);
      const [before] = await db.query('SELECT group_id, password_hash, created_at FROM users WHERE id = $1', [member.user.id]);
      const refused = run('cli.js', ['create-admin', '--username', member.user.username, '--password', 'takeover-password-1']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(member.user.email);
      expect(refused.stderr).toContain(before.created_at.toISOString());
      expect(refused.stderr).toMatch(/--promote-existing/);
      const [after] = await db.query('SELECT group_id, password_hash FROM users WHERE id = $1', [member.user.id]);
      expect(after).toEqual({ group_id: before.group_id, password_hash: before.password_hash });
      await member.agent.get('/api/me').expect(200);
    });

    it('is made admin with --promote-existing: its sessions end, and its e-mail and creation date are printed', async () => {
      const member = await signUp(t);
      const [{ created_at: createdAt }] = await db.query('SELECT created_at FROM users WHERE id = $1', [member.user.id]);
      const promoted = run('cli.js', ['create-admin', '--username', member.user.username, '--password', 'promoted-password-1', '--promote-existing']);
      expect(promoted.status).toBe(0);
      expect(promoted.stdout).toMatch(/Promoted/);
      expect(promoted.stdout).toContain(member.user.email);
      expect(promoted.stdout).toContain(createdAt.toISOString());
      const [row] = await db.query('SELECT group_id FROM users WHERE id = $1', [member.user.id]);
      expect(row.group_id).toBe(1);
      await member.agent.get('/api/me').expect(401);
      await t.agent().post('/api/login').send({ username: member.user.username, password: 'promoted-password-1' }).expect(200);
      await t.agent().post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(401);
    });
  });

  it('refuses a weak password with the rule and the usage', () => {
    const result = run('cli.js', ['create-admin', '--username', uniqueName('cli'), '--password', 'short']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/at least 8 characters/);
    expect(result.stderr).toMatch(/Usage: npm run cli -- create-admin/);
  });
});

describe('without SESSION_SECRET outside production', () => {
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const name = `cloud9_test_secret_${randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL: `${base}/${name}`, SESSION_SECRET: '', REDIS_PREFIX: `${process.env.REDIS_PREFIX}secret:` };
  const apps: TestApp[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    const admin = new Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('two instances starting together on a new database make one random secret, keep it there and both sign with it', async () => {
    apps.push(...(await Promise.all([bootApp(env), bootApp(env)])));
    const [a, b] = apps;
    const rows = await a.db.query(`SELECT value FROM app_secrets WHERE name = 'session'`);
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toMatch(/^[\w-]{64}$/);
    expect([a.settings.sessionSecret, b.settings.sessionSecret]).toEqual([rows[0].value, rows[0].value]);

    // A session made on one instance is good on the other; a cookie signed with the secret main once wrote in the code is not.
    const member = await signUp(a);
    const login = await request(a.app.getHttpServer()).post('/api/login').send({ username: member.user.username, password: PASSWORD }).expect(200);
    await request(b.app.getHttpServer()).get('/api/me').set('Cookie', sessionCookieOf(login)).expect(200);
    const forged = sessionCookieFor(sessionIdOf(sessionCookieOf(login)), { name: 'c9.sid', secret: 'dev-only-session-secret-change-me' });
    await request(b.app.getHttpServer()).get('/api/me').set('Cookie', forged).expect(401);

    // A restart reads the same secret.
    await a.close();
    apps.shift();
    const restarted = await bootApp(env);
    apps.push(restarted);
    expect(restarted.settings.sessionSecret).toBe(rows[0].value);
  });
});
