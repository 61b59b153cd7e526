import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { MESSAGES } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { AppMetrics } from '../metrics/app-metrics';
import { REDIS, RedisKeys } from '../redis.module';
import { RateLimitedException } from './rate-limit-headers';

/** How long a read waits for one of its viewer's slots before the 429: a page the client asked for on scroll still comes. */
const WAIT_MS = 750;
/** The pause between two tries while waiting (doubling from the first, up to the last). */
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 160;
/** Seconds a refused client is told to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 1;

/**
 * Takes a slot in the viewer's set when fewer than ARGV[2] are held, leases older than ARGV[1] ms
 * dropped first (an instance that died mid-read gives its slot back this way); 1 when taken. Redis's
 * own clock, so instances whose clocks differ agree on the leases.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

type Holder = { store: 'redis' | 'memory'; token: string };

/**
 * At most FILTERED_READS_PER_VIEWER uncached filtered reads (a feed, tag, search or list page read for
 * one viewer, because their hide rule or search text keeps it out of the shared page cache) in flight
 * per viewer at once, across every instance: each holds a leased slot in a Redis sorted set. A read
 * past the limit waits up to WAIT_MS for a slot, then answers 429 with Retry-After. While Redis is
 * away the slots are counted in this instance's memory (the limit then holds per instance), as the
 * rate limits do; nothing fails because of Redis here. FILTERED_READS_PER_VIEWER=0 turns it off.
 */
@Injectable()
export class FilteredReads {
  private readonly max: number;
  /** Longer than any read can take (each statement stops at the request's statement limit). */
  private readonly leaseMs: number;
  private readonly local = new Map<number, number>();

  constructor(
    @Inject(SETTINGS) settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly metrics: AppMetrics,
  ) {
    this.max = settings.filteredReadsPerViewer;
    this.leaseMs = 5 * settings.databaseStatementTimeoutMs + 5000;
  }

  /** Runs `read` holding one of `viewerId`'s slots (signed out, or the limit off: as it is). */
  async run<T>(viewerId: number | null, read: () => Promise<T>): Promise<T> {
    if (viewerId === null || this.max === 0) return read();
    const holder = await this.acquire(viewerId);
    try {
      return await read();
    } finally {
      this.release(viewerId, holder);
    }
  }

  private async acquire(viewerId: number): Promise<Holder> {
    const token = randomUUID();
    const deadline = Date.now() + WAIT_MS;
    let useRedis = true;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      if (useRedis) {
        const taken = await this.takeShared(viewerId, token);
        if (taken === null) useRedis = false;
        else if (taken) return { store: 'redis', token };
      }
      if (!useRedis && this.takeLocal(viewerId)) return { store: 'memory', token };
      const left = deadline - Date.now();
      if (left <= 0) break;
      await new Promise((r) => setTimeout(r, Math.min(pause, left)));
    }
    this.metrics.rateLimitRejections.inc({ rule: 'filteredReads' });
    throw new RateLimitedException(MESSAGES.http.tooManyFilteredReads, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }

  /** Whether a slot was taken; null when Redis did not answer. */
  private async takeShared(viewerId: number, token: string): Promise<boolean | null> {
    try {
      return (await this.redis.eval(ACQUIRE, 1, this.keys.filteredReads(viewerId), this.leaseMs, this.max, token)) === 1;
    } catch {
      return null;
    }
  }

  private takeLocal(viewerId: number): boolean {
    const held = this.local.get(viewerId) ?? 0;
    if (held >= this.max) return false;
    this.local.set(viewerId, held + 1);
    return true;
  }

  private release(viewerId: number, holder: Holder): void {
    if (holder.store === 'redis') {
      // Not awaited: the answer need not wait for it; a slot not given back ends with its lease.
      this.redis.zrem(this.keys.filteredReads(viewerId), holder.token).catch(() => undefined);
      return;
    }
    const held = (this.local.get(viewerId) ?? 1) - 1;
    if (held > 0) this.local.set(viewerId, held);
    else this.local.delete(viewerId);
  }
}
