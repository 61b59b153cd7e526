import { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.setup';
import { loadSettings, Settings } from '../../src/config/settings';
import { ApiDocument } from '../../src/modules/api-docs/api-document';
import { watchAnswers } from './documented-answers';

export interface TestApp {
  app: INestApplication;
  settings: Settings;
  db: DataSource;
  /** A cookie-keeping client, like one browser. */
  agent: () => ReturnType<typeof request.agent>;
  close: () => Promise<void>;
}

/**
 * Boots the real app (PostgreSQL + Redis of this run); `env` overrides settings for one suite, and
 * `logDestination` receives its JSON log lines (at LOG_LEVEL, warn in tests unless `env` says otherwise).
 * Every answer it gives to an operation of its OpenAPI document is checked against it (status,
 * schema, required headers): a mismatch fails the test that saw it (setup/documented-answers.ts).
 */
export async function bootApp(env: Record<string, string> = {}, { logDestination }: { logDestination?: Writable } = {}): Promise<TestApp> {
  const settings = loadSettings({ ...process.env, ...env }, false);
  const app = await createApp(settings, { logDestination });
  await app.init();
  watchAnswers(app.getHttpServer(), app.get(ApiDocument).value);
  return {
    app,
    settings,
    db: app.get(DataSource),
    agent: () => request.agent(app.getHttpServer()),
    close: () => app.close(),
  };
}

/**
 * Runs a fixture's SQL (a seed or a clean-up, no request) on the app's pool without the request
 * limit every pooled connection starts with (DATABASE_STATEMENT_TIMEOUT_MS): a bulk insert on a busy
 * machine may take longer.
 */
export function withoutStatementLimit<T>(t: TestApp, work: (db: { query: (text: string, params?: unknown[]) => Promise<unknown> }) => Promise<T>): Promise<T> {
  return t.db.transaction(async (manager) => {
    await manager.query('SET LOCAL statement_timeout = 0');
    return work(manager);
  });
}

/**
 * Refreshes `table`'s planner statistics before an EXPLAIN test, outside the request limit: on a busy
 * machine ANALYZE of a large table (or waiting for autovacuum's own) takes longer than a request may.
 */
export const analyze = (t: TestApp, table: string) => withoutStatementLimit(t, (db) => db.query(`ANALYZE ${table}`));

/** A username no other test uses (3–30 letters, digits, underscore). */
export const uniqueName = (prefix = 'user') => `${prefix}_${randomBytes(5).toString('hex')}`.slice(0, 30);

export const PASSWORD = 'cloud-nine-9!';

export interface SignedIn {
  agent: ReturnType<typeof request.agent>;
  user: { id: number; username: string; email: string; group_id: number };
}

/** Registers a user and signs in with a fresh agent. */
export async function signUp(t: TestApp, opts: { username?: string; groupId?: number } = {}): Promise<SignedIn> {
  const username = opts.username ?? uniqueName();
  const agent = t.agent();
  await agent.post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
  if (opts.groupId) await t.db.query('UPDATE users SET group_id = $1 WHERE username = $2', [opts.groupId, username]);
  const login = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
  return { agent, user: login.body };
}

/** Sign-ins signUpMany runs at once: a fixture, not a burst under test (each hashes a password). */
const SIGN_INS_AT_ONCE = 4;

/**
 * `n` signed-in users: one real sign-up, the rest copied from it in one INSERT (same password hash),
 * each then signed in through the API, SIGN_INS_AT_ONCE at a time. For suites that need many actors.
 */
export async function signUpMany(t: TestApp, n: number): Promise<SignedIn[]> {
  const template = await signUp(t);
  const names = Array.from({ length: n }, (_, i) => `${template.user.username.slice(0, 22)}_${i}`);
  await t.db.query(
    `INSERT INTO users (username, email, password_hash, group_id)
     SELECT x, x || '@example.com', u.password_hash, 5 FROM users u, unnest($2::text[]) x WHERE u.id = $1`,
    [template.user.id, names],
  );
  const users: SignedIn[] = [];
  for (let i = 0; i < names.length; i += SIGN_INS_AT_ONCE) {
    const batch = names.slice(i, i + SIGN_INS_AT_ONCE).map(async (username) => {
      const agent = t.agent();
      const login = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
      return { agent, user: login.body };
    });
    users.push(...(await Promise.all(batch)));
  }
  return users;
}
