import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { AlertType } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../common/redis.module';

/** How long a withdrawn alert is remembered: an alert raised again within it comes back quietly. */
export const WITHDRAWN_ALERT_MEMORY_SECONDS = 3600;

/** One withdrawn alert of a post, as remembered: who held it and when it was first raised. */
export interface WithdrawnAlert {
  type: AlertType;
  recipientId: number;
  raisedAt: Date;
}

/**
 * The alerts about a post that its actor made and took back within the last hour (an unlike, an
 * unrepost, a mention edited out), so that doing it again does not alert again: a like, unlike,
 * like ... must not push one alert per toggle to the author. The alert then comes back quietly, as
 * it was (its first time, so it is unread only if it was), with no push (AlertsService).
 *
 * Kept in Redis, where it expires by itself: one hash per post and actor, a field per type and
 * recipient holding "raisedAtMs:withdrawnAtMs" (each field ages on its own; the key lives an hour
 * past its last withdrawal). It is a courtesy to the recipient, not a rule: when Redis is away the
 * alert is raised as before (RATE_LIMIT_REACTIONS still bounds the pushes).
 */
@Injectable()
export class WithdrawnAlerts {
  private readonly logger = new Logger(WithdrawnAlerts.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  /** Remembers alerts of `postId` by `actorId` just withdrawn (called in the withdrawing transaction, so a redo after its commit finds them). */
  async remember(postId: number, actorId: number, alerts: WithdrawnAlert[]): Promise<void> {
    if (!alerts.length) return;
    const key = this.keys.withdrawnAlerts(postId, actorId);
    const now = Date.now();
    const fields = Object.fromEntries(alerts.map((a) => [`${a.type}:${a.recipientId}`, `${a.raisedAt.getTime()}:${now}`]));
    try {
      await this.redis.multi().hset(key, fields).expire(key, WITHDRAWN_ALERT_MEMORY_SECONDS).exec();
    } catch (error) {
      this.logger.warn(`withdrawn alerts not remembered: ${(error as Error).message}`);
    }
  }

  /** The alerts of `postId` by `actorId` withdrawn within the hour, of `type`. */
  async recall(postId: number, actorId: number, type: AlertType): Promise<WithdrawnAlert[]> {
    let fields: Record<string, string>;
    try {
      fields = await this.redis.hgetall(this.keys.withdrawnAlerts(postId, actorId));
    } catch (error) {
      this.logger.warn(`withdrawn alerts not read, raising as new: ${(error as Error).message}`);
      return [];
    }
    const since = Date.now() - WITHDRAWN_ALERT_MEMORY_SECONDS * 1000;
    const found: WithdrawnAlert[] = [];
    for (const [field, value] of Object.entries(fields)) {
      const [fieldType, recipient] = field.split(':');
      const [raisedAt, withdrawnAt] = value.split(':').map(Number);
      if (fieldType === type && withdrawnAt > since) found.push({ type, recipientId: Number(recipient), raisedAt: new Date(raisedAt) });
    }
    return found;
  }
}
