import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { InvalidationBus, type Invalidation } from '../../src/common/cache/invalidation-bus';
import { createRedis } from '../../src/common/redis.module';
import { loadSettings } from '../../src/config/settings';
import { eventually } from '../support/harness';

/** Two instances' buses on one Redis prefix, as two app processes hold them. */
describe('cache invalidation between instances (InvalidationBus on the shared Redis)', () => {
  const settings = loadSettings({ ...process.env, REDIS_PREFIX: `${process.env.REDIS_PREFIX}bus${randomBytes(3).toString('hex')}:` }, false);
  const connections: Redis[] = [];
  const buses: InvalidationBus[] = [];
  const heard: Invalidation[][] = [];

  const start = async () => {
    const redis = createRedis(settings);
    connections.push(redis);
    expect(await eventually(async () => redis.status === 'ready', 5000)).toBe(true);
    const bus = new InvalidationBus(redis, settings);
    const changes: Invalidation[] = [];
    bus.listen((change) => changes.push(change));
    bus.onModuleInit();
    expect(await eventually(async () => bus.live, 5000)).toBe(true);
    buses.push(bus);
    heard.push(changes);
  };

  beforeAll(async () => {
    await start();
    await start();
  });

  afterAll(() => {
    for (const bus of buses) bus.onApplicationShutdown();
    for (const redis of connections) redis.disconnect();
  });

  it('a published change has reached the other instance once publish has returned and the sockets were read, and is applied once on each', async () => {
    const [a] = buses;
    for (const changes of heard) changes.length = 0;
    for (let i = 0; i < 200; i++) {
      await a.publish({ posts: [i] });
      // The client's next request reaches the other instance over a socket, after the answer to this one:
      // a round trip through Redis (written after its pass that wrote every subscriber's copy), then the
      // rest of that poll phase, in which the other instance's copy is read.
      await connections[1].ping();
      await new Promise((resolve) => setImmediate(resolve));
      expect(heard[1].at(-1)).toEqual({ posts: [i] });
    }
    expect(heard[0]).toEqual(Array.from({ length: 200 }, (_, i) => ({ posts: [i] })));
    expect(heard[1]).toHaveLength(200);
  });

  it("a count change (absolute counts and the member's flag) reaches the other instance as sent, beside other kinds of change", async () => {
    const [a, b] = buses;
    const change: Invalidation = { counts: [{ post: 7, likes: 3, viewer: 9, liked: true }, { post: 8, replies: 1 }], matches: true };
    // The publisher has applied it and heard its echo; the other instance reads its own copy in a pass of its own.
    const arrived = (i: number, expected: Invalidation) => eventually(async () => JSON.stringify(heard[i].at(-1)) === JSON.stringify(expected), 2000);
    await a.publish(change);
    expect(heard[0].at(-1)).toEqual(change);
    expect(await arrived(1, change)).toBe(true);
    expect(heard[1].at(-1)).toEqual(change);
    const repost: Invalidation = { counts: [{ post: 7, reposts: 0, viewer: 9, reposted: false }] };
    await b.publish(repost);
    expect(await arrived(0, repost)).toBe(true);
    expect(heard[0].at(-1)).toEqual(repost);
  });

  it('waits for its own echo at most REDIS_COMMAND_TIMEOUT_MS when its subscription hears nothing', async () => {
    const [a, b] = buses;
    const subscriber = (a as unknown as { subscriber: Redis }).subscriber;
    await subscriber.unsubscribe();
    try {
      const started = Date.now();
      await b.publish({ posts: [-1] }); // b hears its own echo: no wait
      const echoed = Date.now() - started;
      await a.publish({ posts: [-2] });
      const unheard = Date.now() - started - echoed;
      expect(echoed).toBeLessThan(settings.redisCommandTimeoutMs);
      expect(unheard).toBeGreaterThanOrEqual(settings.redisCommandTimeoutMs - 10);
      expect(unheard).toBeLessThan(settings.redisCommandTimeoutMs + 1000);
      expect(heard[1].at(-1)).toEqual({ posts: [-2] });
    } finally {
      await subscriber.subscribe(`${settings.redisPrefix}cache-invalidation`);
    }
  });
});
