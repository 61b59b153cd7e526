import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source';
import { uniqueName } from './support/app';

// These run the built entry points (`npm run build` first; `npm test` does).
const dist = path.resolve(__dirname, '../dist');
const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(dist, script), ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });

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

  it('creates an admin who can then sign in, and promotes an existing account', async () => {
    const username = uniqueName('cli');
    const first = run('cli.js', ['create-admin', '--username', username, '--password', 'first-password-1']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`Created admin "${username}"`));
    const [row] = await db.query('SELECT group_id, password_hash FROM users WHERE username = $1', [username]);
    expect(row.group_id).toBe(1);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    await db.query('UPDATE users SET group_id = 5 WHERE username = $1', [username]);
    const again = run('cli.js', ['create-admin', '--username', username, '--password', 'second-password-2']);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/Updated admin/);
    const [after] = await db.query('SELECT group_id, password_hash FROM users WHERE username = $1', [username]);
    expect(after.group_id).toBe(1);
    expect(after.password_hash).not.toBe(row.password_hash);
  });

  it('refuses a weak password with the rule and the usage', () => {
    const result = run('cli.js', ['create-admin', '--username', uniqueName('cli'), '--password', 'short']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/at least 8 characters/);
    expect(result.stderr).toMatch(/Usage: npm run cli -- create-admin/);
  });
});
