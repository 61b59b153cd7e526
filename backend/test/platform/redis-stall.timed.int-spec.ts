import { loadSettings } from '../../src/config/settings';
import { createRedis } from '../../src/common/redis.module';
import { COMMAND_TIMED_OUT } from '../../src/common/redis-stall';
import { eventually } from '../support/harness';
import { startPrivateRedis, type PrivateRedis } from '../support/private-services';

const DEADLINE_MS = 1000;

/** Holds this process's event loop, as a busy machine or a long task does. */
const holdEventLoop = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

/** The app's shared Redis connection: a command deadline that a late-running process does not trip, and a silent Redis still does. */
describe('the shared Redis connection under a late process and a silent Redis', () => {
  let redis: PrivateRedis;
  let client: ReturnType<typeof createRedis>;

  beforeAll(async () => {
    redis = await startPrivateRedis({ appendonly: false });
    client = createRedis(loadSettings({ ...process.env, REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: String(DEADLINE_MS) }, false));
    // Commands fail at once while the connection is not ready (no offline queue), as in the app.
    expect(await eventually(async () => client.status === 'ready', 5000)).toBe(true);
    expect(await client.ping()).toBe('PONG');
  });

  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it('an answer that arrived in time is read, however late the process runs past the deadline; the connection stays up', async () => {
    for (let i = 0; i < 3; i++) {
      const reply = Promise.all([client.set('stall:key', String(i)), client.get('stall:key'), client.ping()]);
      holdEventLoop(DEADLINE_MS + 500); // Redis answers at once; the answers wait, unread, past the deadline
      expect(await reply).toEqual(['OK', String(i), 'PONG']);
      expect(client.status).toBe('ready');
    }
  });

  it('a silent Redis still fails a command within the deadline, drops the connection so later commands fail at once, and is used again when it answers', async () => {
    redis.freeze();
    try {
      const started = Date.now();
      await expect(client.ping()).rejects.toThrow(COMMAND_TIMED_OUT);
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 10);
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 1000);
      // The next command does not wait out a deadline of its own.
      const next = Date.now();
      await expect(client.get('stall:key')).rejects.toThrow();
      expect(Date.now() - next).toBeLessThan(DEADLINE_MS / 2);
    } finally {
      redis.thaw();
    }
    // The dropped connection closes once Redis reads again; then ioredis connects anew.
    expect(await eventually(async () => (await client.ping().catch(() => null)) === 'PONG', 5000)).toBe(true);
  });
});
