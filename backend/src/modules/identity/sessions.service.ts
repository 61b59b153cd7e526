import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { InvalidationBus } from '../../common/cache/invalidation-bus';
import { ReadReplica } from '../../common/db/read-replica';
import { RealtimeService } from '../realtime/realtime.service';

const promisify = (fn: (cb: (err: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/** Server-side sessions in Redis, indexed per user so all of a user's sessions can be ended. */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly realtime: RealtimeService,
    private readonly bus: InvalidationBus,
    private readonly reads: ReadReplica,
  ) {}

  /** A fresh session id on sign-in (no fixation), bound to the user. */
  async establish(req: Request, userId: number): Promise<void> {
    await promisify((cb) => req.session.regenerate(cb));
    req.session.userId = userId;
    // The account may be seconds old (just registered): its first pages read the primary.
    await this.reads.pin(userId);
    await promisify((cb) => req.session.save(cb));
    await this.redis.sadd(this.keys.userSessions(userId), req.sessionID);
  }

  async end(req: Request): Promise<void> {
    const { userId } = req.session;
    const sessionId = req.sessionID;
    await promisify((cb) => req.session.destroy(cb));
    if (userId) await this.redis.srem(this.keys.userSessions(userId), sessionId);
    // Live sockets of this session close too, on every instance.
    this.realtime.disconnectSessions([sessionId]);
  }

  /** Ends every session of a user (account deleted, password reset by an admin). */
  async endAllForUser(userId: number): Promise<void> {
    const setKey = this.keys.userSessions(userId);
    const sessionIds = await this.redis.smembers(setKey);
    await this.redis.del(setKey, ...sessionIds.map((id) => this.keys.session(id)));
    // Instances that keep sessions in memory (CachedSessionStore) drop them before this answers.
    await this.bus.publish({ sessions: sessionIds });
    this.realtime.disconnectSessions(sessionIds);
  }

  /** Ends every session of a user but `keepSessionId` (the user changed their password in it). */
  async endOthersForUser(userId: number, keepSessionId: string): Promise<void> {
    const setKey = this.keys.userSessions(userId);
    const others = (await this.redis.smembers(setKey)).filter((id) => id !== keepSessionId);
    if (!others.length) return;
    await this.redis.multi().srem(setKey, ...others).del(...others.map((id) => this.keys.session(id))).exec();
    await this.bus.publish({ sessions: others });
    this.realtime.disconnectSessions(others);
  }
}
