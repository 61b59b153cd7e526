import type Redis from 'ioredis';
import { MESSAGES } from '@cloud9/contracts';
import type { Settings } from '../../config/settings';
import type { AppMetrics } from '../metrics/app-metrics';
import type { RedisKeys } from '../redis.module';
import { FilteredReads } from './filtered-reads';
import { RateLimitedException } from './rate-limit-headers';

/** Redis away: every command fails, as the shared client's do while disconnected. */
const awayRedis = { eval: () => Promise.reject(new Error('Connection is closed.')), zrem: () => Promise.reject(new Error('Connection is closed.')) } as unknown as Redis;
const keys = { filteredReads: (id: number) => `fr:${id}` } as unknown as RedisKeys;
const rejections: string[] = [];
const metrics = { rateLimitRejections: { inc: ({ rule }: { rule: string }) => rejections.push(rule) } } as unknown as AppMetrics;

function held() {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { release, read: () => done };
}

describe('FilteredReads while Redis is away', () => {
  const limiter = new FilteredReads({ filteredReadsPerViewer: 2, databaseStatementTimeoutMs: 2000 } as Settings, awayRedis, keys, metrics);

  it('counts in memory: a third read waits, gets a slot freed within the wait, and past the wait is refused with 429 and Retry-After', async () => {
    const [a, b] = [held(), held()];
    const first = limiter.run(1, a.read);
    const second = limiter.run(1, b.read);
    // Another viewer has slots of their own.
    await expect(limiter.run(2, async () => 'other')).resolves.toBe('other');

    const third = limiter.run(1, async () => 'third');
    setTimeout(a.release, 100);
    await expect(third).resolves.toBe('third');
    await first;

    const c = held();
    const fourth = limiter.run(1, c.read);
    const started = Date.now();
    const refused = await limiter.run(1, async () => 'fifth').catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(refused).toBeInstanceOf(RateLimitedException);
    expect((refused as RateLimitedException).getStatus()).toBe(429);
    expect((refused as RateLimitedException).message).toBe(MESSAGES.http.tooManyFilteredReads);
    expect((refused as RateLimitedException).headers).toEqual({ 'Retry-After': '1' });
    expect(rejections).toEqual(['filteredReads']);
    b.release();
    c.release();
    await Promise.all([second, fourth]);
    // Every slot was given back.
    await expect(Promise.all([limiter.run(1, async () => 1), limiter.run(1, async () => 2)])).resolves.toEqual([1, 2]);
  });

  it('lets signed-out reads and FILTERED_READS_PER_VIEWER=0 through untouched', async () => {
    const off = new FilteredReads({ filteredReadsPerViewer: 0, databaseStatementTimeoutMs: 2000 } as Settings, awayRedis, keys, metrics);
    const reads = Array.from({ length: 5 }, (_, i) => off.run(1, async () => i));
    await expect(Promise.all(reads)).resolves.toEqual([0, 1, 2, 3, 4]);
    await expect(Promise.all(Array.from({ length: 5 }, (_, i) => limiter.run(null, async () => i)))).resolves.toEqual([0, 1, 2, 3, 4]);
  });
});
