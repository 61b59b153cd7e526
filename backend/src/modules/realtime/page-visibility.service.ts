import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../common/redis.module';
import type { RealtimeSocket } from './realtime.service';

/** How long a visible socket's mark lasts without being renewed (an instance that died leaves marks that end by themselves). */
const MARK_MS = 150_000;
/** How often each instance renews the marks of its sockets that still report a visible page. */
const RENEW_MS = 60_000;

/**
 * Whether a member is looking at the app: each socket reports `page:visible` (a boolean) on connect
 * and on every change. A visible socket is a member of the Redis sorted set `page-visible:<user>`,
 * scored by when its mark ends (renewed every minute by the instance holding it, removed when it turns
 * hidden or disconnects), so any instance or worker answers "is a page of X visible" with one ZCOUNT,
 * without asking the other instances. Web Push skips a member who is (decision 0096).
 */
@Injectable()
export class PageVisibility implements OnModuleDestroy {
  private readonly logger = new Logger('PageVisibility');
  /** This instance's sockets that report a visible page. */
  private readonly visible = new Set<RealtimeSocket>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.timer = setInterval(() => void this.renew(), RENEW_MS);
    this.timer.unref();
  }

  /** A socket's report. */
  async report(socket: RealtimeSocket, visible: boolean): Promise<void> {
    const key = this.keys.pageVisible(socket.data.userId);
    socket.data.visible = visible;
    if (visible) {
      this.visible.add(socket);
      await this.redis.multi().zadd(key, Date.now() + MARK_MS, socket.id).pexpire(key, MARK_MS).exec();
    } else {
      this.visible.delete(socket);
      await this.redis.zrem(key, socket.id);
    }
  }

  async gone(socket: RealtimeSocket): Promise<void> {
    if (!this.visible.delete(socket)) return;
    await this.redis.zrem(this.keys.pageVisible(socket.data.userId), socket.id);
  }

  /** The members of `userIds` with a socket that reports a visible page now (on any instance). */
  async lookingNow(userIds: number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const now = Date.now();
    const counts = await this.redis.pipeline(userIds.map((id) => ['zcount', this.keys.pageVisible(id), String(now), '+inf'])).exec();
    return new Set(userIds.filter((_, i) => Number(counts?.[i]?.[1] ?? 0) > 0));
  }

  private async renew(): Promise<void> {
    if (!this.visible.size) return;
    const until = Date.now() + MARK_MS;
    const pipeline = this.redis.pipeline();
    for (const socket of this.visible) {
      const key = this.keys.pageVisible(socket.data.userId);
      pipeline.zadd(key, until, socket.id).pexpire(key, MARK_MS);
    }
    await pipeline.exec().catch((error: Error) => this.logger.warn(`page visibility not renewed: ${error.message}`));
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
