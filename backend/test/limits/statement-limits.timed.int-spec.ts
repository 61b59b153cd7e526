import { Client } from 'pg';
import { APP_CLIENT_HEADER, MESSAGES, type AdminSyncResult } from '@cloud9/contracts';
import { bootApp, signUp, type SignedIn, type TestApp } from '../support/app';

/**
 * Every query has a time limit (issue 28): a request's statements run under DATABASE_STATEMENT_TIMEOUT_MS
 * and answer 503 'too slow' from the catalogue past it (counted in pg_statement_timeouts_total); a
 * job's long statements run under DATABASE_JOB_STATEMENT_TIMEOUT_MS. The slow path is real: the test
 * holds a lock the request or job must wait for, on a connection of its own.
 */

jest.setTimeout(60_000);

const REQUEST_LIMIT_MS = 300;
const HELD_MS = 1500;
const TOKEN = 'statement-limits-metrics-token';

/** One sample's value in a scrape (0 when absent). */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('statement limits', () => {
  let t: TestApp;
  let locker: Client;

  const timeouts = async (source: 'request' | 'job') => {
    const res = await t.agent().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    return sample(res.text, 'pg_statement_timeouts_total', `source="${source}"`);
  };

  /** Runs `work` while the test's own connection holds `lock` (in a transaction) for HELD_MS. */
  async function whileLocked<T>(lock: string, params: unknown[], work: () => Promise<T>): Promise<T> {
    await locker.query('BEGIN');
    await locker.query(lock, params);
    const release = new Promise((r) => setTimeout(r, HELD_MS)).then(() => locker.query('ROLLBACK'));
    try {
      return await work();
    } finally {
      await release;
    }
  }

  beforeAll(async () => {
    t = await bootApp({
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}stmtlimits:`,
      DATABASE_STATEMENT_TIMEOUT_MS: String(REQUEST_LIMIT_MS),
      DATABASE_JOB_STATEMENT_TIMEOUT_MS: '20000',
      METRICS_TOKEN: TOKEN,
      FEED_CACHE_MS: '0',
    });
    locker = new Client({ connectionString: t.settings.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await t?.close();
  });

  it('a write held up past DATABASE_STATEMENT_TIMEOUT_MS answers 503 from the catalogue at the limit, and pg_statement_timeouts_total counts it', async () => {
    const me = await signUp(t);
    const before = await timeouts('request');
    let took = 0;
    const res = await whileLocked('SELECT id FROM users WHERE id = $1 FOR UPDATE', [me.user.id], async () => {
      const started = Date.now();
      const answer = await me.agent.put(`/api/users/${me.user.username}`).send({ name: 'Held Up' });
      took = Date.now() - started;
      return answer;
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: MESSAGES.http.tooSlow, statusCode: 503 });
    expect(res.headers['retry-after']).toBe('1');
    // Cut at the limit, not when the lock went.
    expect(took).toBeLessThan(HELD_MS);
    expect(await timeouts('request')).toBe(before + 1);
    // Nothing was written, and the connection went back to the pool fit for the next request.
    await me.agent.put(`/api/users/${me.user.username}`).send({ name: 'Free Again' }).expect(200);
  });

  it('a read of the lighter path (the home feed) held up past the limit answers the same 503', async () => {
    const reader = await signUp(t);
    await reader.agent.get('/api/posts?limit=5').expect(200);
    const before = await timeouts('request');
    const res = await whileLocked('LOCK TABLE posts IN ACCESS EXCLUSIVE MODE', [], () => reader.agent.get('/api/posts?limit=5'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ success: false, error: MESSAGES.http.tooSlow, statusCode: 503 });
    expect(await timeouts('request')).toBe(before + 1);
  });

  it('a job waits past the request limit under DATABASE_JOB_STATEMENT_TIMEOUT_MS, while a request on the same lock is cut at the request limit', async () => {
    const admin: SignedIn = await signUp(t, { groupId: 1 });
    admin.agent.set(APP_CLIENT_HEADER.name, APP_CLIENT_HEADER.value);
    const [a, b] = [await signUp(t), await signUp(t)];
    const jobsBefore = await timeouts('job');
    // EXCLUSIVE on follows: readers go on, the recount's SHARE lock and a new follow's row lock wait.
    const [sync, follow] = await whileLocked('LOCK TABLE follows IN EXCLUSIVE MODE', [], () =>
      Promise.all([
        admin.agent.post('/api/admin/sync-follow-tables'),
        new Promise((r) => setTimeout(r, 100)).then(() => a.agent.post('/api/follow').send({ followerId: a.user.id, followedId: b.user.id })),
      ]),
    );
    expect(follow.status).toBe(503);
    expect(follow.body.error).toBe(MESSAGES.http.tooSlow);
    expect(sync.status).toBe(200);
    expect(sync.body as AdminSyncResult).toEqual(expect.objectContaining({ success: true, followersAdded: expect.any(Number), followingsAdded: expect.any(Number) }));
    expect(await timeouts('job')).toBe(jobsBefore);
  });
});
