import type Redis from 'ioredis';
import { Client } from 'pg';
import { REDIS, RedisKeys } from '../../src/common/redis.module';
import { bootApp, PASSWORD, type TestApp, uniqueName } from '../support/app';
import { startReplicaPair, type ReplicaPair } from '../support/private-services';

/**
 * DATABASE_READ_URL against a real streaming replica (a primary + hot standby pair of the suite's
 * own). With the replica's replay paused, what the primary wrote since is absent from the replica:
 * that tells which server answered each read.
 */
describe('read replica', () => {
  let pair: ReplicaPair;
  let t: TestApp;
  let primary: Client;

  beforeAll(async () => {
    pair = await startReplicaPair();
    t = await bootApp({ DATABASE_URL: pair.primary.url('cloud9_replica'), DATABASE_READ_URL: pair.replica.url('cloud9_replica') });
    primary = new Client({ connectionString: pair.primary.url('cloud9_replica') });
    await primary.connect();
  }, 90_000);

  afterAll(async () => {
    await primary?.end();
    await t?.close();
    await pair?.drop();
  }, 60_000);

  const member = async () => {
    const username = uniqueName('rr');
    const agent = t.agent();
    await agent.post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
    const login = await agent.post('/api/login').send({ username, password: PASSWORD }).expect(200);
    return { agent, id: login.body.id as number, username };
  };
  const bioOf = async (username: string, agent = t.agent()) => (await agent.get(`/api/profile/${username}`).expect(200)).body.bio as string | null;
  const feedIds = async (agent = t.agent()) => ((await agent.get('/api/posts?limit=50').expect(200)).body.items as { id: number }[]).map((p) => p.id);
  /** Ends the few seconds of primary reads a member's sign-in gave them, as if they had passed. */
  const unpin = (...ids: number[]) => t.app.get<Redis>(REDIS).del(...ids.map((id) => t.app.get(RedisKeys).readPin(id)));
  /** The shared feed page an anonymous read kept ends within FEED_CACHE_MS (1 s). */
  const eventually = async (check: () => Promise<boolean>) => {
    const until = Date.now() + 3000;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('still not true after 3 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('reads feeds and profiles from the replica, and a member who just wrote from the primary', async () => {
    const writer = await member();
    const reader = await member();
    await pair.caughtUp();
    await unpin(writer.id, reader.id);
    await pair.pauseReplay();
    try {
      await primary.query(`UPDATE users SET bio = 'written on the primary' WHERE id = $1`, [reader.id]);
      // Nobody wrote this through the app: every reader, signed in or not, sees the replica's copy.
      expect(await bioOf(reader.username)).toBeNull();
      expect(await bioOf(reader.username, reader.agent)).toBeNull();

      await writer.agent.put(`/api/users/${writer.username}`).send({ bio: 'my new bio' }).expect(200);
      const { body: post } = await writer.agent.post('/api/posts').send({ content: `replica check ${writer.username}` }).expect(201);
      // The writer sees both writes at once, though the replica has neither.
      expect(await bioOf(writer.username, writer.agent)).toBe('my new bio');
      expect(await feedIds(writer.agent)).toContain(post.id);
      expect(await bioOf(writer.username)).toBeNull();
      expect(await feedIds()).not.toContain(post.id);
      expect(await feedIds(reader.agent)).not.toContain(post.id);

      await pair.resumeReplay();
      await pair.caughtUp();
      expect(await bioOf(writer.username)).toBe('my new bio');
      await eventually(async () => (await feedIds()).includes(post.id));
    } finally {
      await pair.resumeReplay();
    }
  }, 60_000);

  it('answers from the primary, without an error and at once, when the replica is down', async () => {
    const writer = await member();
    const { body: post } = await writer.agent.post('/api/posts').send({ content: `while the replica is down ${writer.username}` }).expect(201);
    // The suite's last test: the pair is dropped after it, so the replica stays down.
    await pair.replica.stop();
    const started = Date.now();
    expect(await feedIds()).toContain(post.id);
    expect(await bioOf(writer.username)).toBeNull();
    const search = await t.agent().get(`/api/search/posts?query=${encodeURIComponent(writer.username)}`);
    expect(search.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
  }, 30_000);
});
