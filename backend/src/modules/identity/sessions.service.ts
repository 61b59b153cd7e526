import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { DomainEvents } from '../../common/events/domain-events';
import { ReadReplica } from '../../common/db/read-replica';
import { sessionLifetimes } from '../../common/auth/session-renewal';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';

const promisify = (fn: (cb: (err: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/** Sessions ended per Redis command (and per invalidation message) when many end at once. */
export const END_BATCH = 200;

/**
 * Server-side sessions in Redis, indexed per user so all of a user's sessions can be ended. The
 * index is a sorted set of session ids by sign-in time: a sign-in drops from it what has ended
 * (past the absolute lifetime, or gone from Redis by idle expiry), ends the oldest beyond
 * SESSIONS_PER_ACCOUNT, and the set itself expires with the newest session's absolute lifetime.
 */
@Injectable()
export class SessionsService {
  private readonly absoluteMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly events: DomainEvents,
    private readonly reads: ReadReplica,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.absoluteMs = sessionLifetimes(settings).absoluteMs;
  }

  /** A fresh session id on sign-in (no fixation), bound to the user; its absolute lifetime starts now. */
  async establish(req: Request, userId: number): Promise<void> {
    await promisify((cb) => req.session.regenerate(cb));
    req.session.userId = userId;
    req.session.createdAt = Date.now();
    // The account may be seconds old (just registered): its first pages read the primary.
    await this.reads.pin(userId);
    await promisify((cb) => req.session.save(cb));
    await this.index(userId, req.sessionID, req.session.createdAt);
  }

  async end(req: Request): Promise<void> {
    const { userId } = req.session;
    const sessionId = req.sessionID;
    await promisify((cb) => req.session.destroy(cb));
    if (userId) await this.redis.zrem(this.keys.userSessions(userId), sessionId);
    // Live sockets of this session close too, on every instance.
    await this.events.emit('sessions.ended', { sessionIds: [sessionId] });
  }

  /** Ends every session of a user (account deleted or suspended, password reset by an admin), a batch at a time. */
  async endAllForUser(userId: number): Promise<void> {
    const key = this.keys.userSessions(userId);
    for (;;) {
      // ZPOPMIN takes the batch out of the index atomically: two callers never end the same one twice.
      const popped = await this.redis.zpopmin(key, END_BATCH);
      if (!popped.length) break;
      await this.endSessions(popped.filter((_, i) => i % 2 === 0));
    }
    await this.endLegacy(userId, null);
  }

  /** Ends every session of a user but `keepSessionId` (the user changed their password in it). */
  async endOthersForUser(userId: number, keepSessionId: string): Promise<void> {
    const key = this.keys.userSessions(userId);
    const others = (await this.redis.zrange(key, 0, -1)).filter((id) => id !== keepSessionId);
    for (let i = 0; i < others.length; i += END_BATCH) {
      const batch = others.slice(i, i + END_BATCH);
      await this.redis.zrem(key, ...batch);
      await this.endSessions(batch);
    }
    await this.endLegacy(userId, keepSessionId);
  }

  /** Adds a new session to its user's index, after dropping what has ended; ends the oldest beyond the cap. */
  private async index(userId: number, sessionId: string, now: number): Promise<void> {
    const key = this.keys.userSessions(userId);
    await this.redis.zremrangebyscore(key, '-inf', now - this.absoluteMs);
    const listed = await this.redis.zrange(key, 0, -1);
    if (listed.length) {
      // Sessions that expired (idle) or were ended elsewhere leave the index here.
      const checks = await this.redis.pipeline(listed.map((id) => ['exists', this.keys.session(id)])).exec();
      const gone = listed.filter((_, i) => checks?.[i]?.[1] === 0);
      if (gone.length) await this.redis.zrem(key, ...gone);
    }
    const result = await this.redis
      .multi()
      .zadd(key, now, sessionId)
      .pexpire(key, this.absoluteMs)
      // Everything but the newest SESSIONS_PER_ACCOUNT (ties broken by id, the same on every instance).
      .zrange(key, 0, -(this.settings.sessionsPerAccount + 1))
      .exec();
    const over = (result?.[2]?.[1] as string[] | undefined) ?? [];
    if (over.length) {
      await this.redis.zrem(key, ...over);
      await this.endSessions(over);
    }
  }

  /** Deletes the sessions; every instance drops them from memory and closes their sockets before this answers. */
  private async endSessions(sessionIds: string[]): Promise<void> {
    await this.redis.del(...sessionIds.map((id) => this.keys.session(id)));
    await this.events.emit('sessions.ended', { sessionIds });
  }

  /**
   * Sessions signed in before the index was a sorted set are in a plain set under the old key:
   * ended the same way, a batch at a time (SPOP). They end within SESSION_ABSOLUTE_DAYS of this
   * version's start (their lifetime starts when first seen), and this with them.
   */
  private async endLegacy(userId: number, keepSessionId: string | null): Promise<void> {
    const key = this.keys.legacyUserSessions(userId);
    let kept = false;
    for (;;) {
      const popped = await this.redis.spop(key, END_BATCH);
      if (!popped.length) break;
      kept ||= popped.includes(keepSessionId ?? '');
      const ended = popped.filter((id) => id !== keepSessionId);
      if (ended.length) await this.endSessions(ended);
    }
    if (kept && keepSessionId) await this.redis.zadd(this.keys.userSessions(userId), Date.now(), keepSessionId);
  }
}
