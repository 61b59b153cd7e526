import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { ACCOUNT_DATA_MESSAGES, type AccountSession } from '@cloud9/contracts';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { DomainEvents } from '../../common/events/domain-events';
import { ReadReplica } from '../../common/db/read-replica';
import { sessionLifetimes } from '../../common/auth/session-renewal';
import { coarsePlace, type SessionSeen } from '../../common/auth/session-seen';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { deviceLabel } from './device-label';

const promisify = (fn: (cb: (err: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/** Sessions ended per Redis command (and per invalidation message) when many end at once. */
export const END_BATCH = 200;

/** What a session was signed in from, kept beside the index (userSessionInfo). */
interface SessionInfo {
  createdAt: number;
  device: string;
  place: string | null;
}

const parsed = <T>(json: string | null | undefined): T | null => {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
};

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

  /**
   * A fresh session id on sign-in (no fixation), bound to the user; its absolute lifetime starts now.
   * `knownDevice` false (the browser carried no device cookie of this account) raises
   * `auth.new-device-sign-in` once the session exists.
   */
  async establish(req: Request, userId: number, { knownDevice = true }: { knownDevice?: boolean } = {}): Promise<void> {
    await promisify((cb) => req.session.regenerate(cb));
    req.session.userId = userId;
    req.session.createdAt = Date.now();
    // The account may be seconds old (just registered): its first pages read the primary.
    await this.reads.pin(userId);
    await promisify((cb) => req.session.save(cb));
    const info: SessionInfo = { createdAt: req.session.createdAt, device: deviceLabel(req.headers['user-agent']), place: coarsePlace(req.ip ?? req.socket.remoteAddress) };
    await this.index(userId, req.sessionID, info);
    if (!knownDevice) {
      await this.events.emit('auth.new-device-sign-in', {
        userId,
        sessionId: this.publicId(req.sessionID),
        device: info.device,
        place: info.place,
        at: new Date(info.createdAt).toISOString(),
      });
    }
  }

  /**
   * A session's public id: an HMAC of its id under the session secret (22 base64url characters,
   * 132 bits), so the owner's list can name a session without giving out its cookie's secret id.
   */
  publicId(sessionId: string): string {
    return createHmac('sha256', this.settings.sessionSecret).update(`session:${sessionId}`).digest('base64url').slice(0, 22);
  }

  /** The live sessions of a user, newest sign-in first; `currentSessionId` is marked `current`. */
  async list(userId: number, currentSessionId: string): Promise<AccountSession[]> {
    const ids = await this.liveIds(userId);
    if (!ids.length) return [];
    const [infos, seens] = await Promise.all([this.redis.hmget(this.keys.userSessionInfo(userId), ...ids), this.redis.hmget(this.keys.userSessionSeen(userId), ...ids)]);
    return ids
      .map((sid, i) => {
        const info = parsed<SessionInfo>(infos[i]);
        const seen = parsed<SessionSeen>(seens[i]);
        const createdAt = info?.createdAt ?? seen?.at ?? Date.now();
        const lastSeenAt = Math.max(createdAt, seen?.at ?? 0);
        return {
          id: this.publicId(sid),
          current: sid === currentSessionId,
          createdAt: new Date(createdAt).toISOString(),
          lastSeenAt: new Date(lastSeenAt).toISOString(),
          device: info?.device ?? ACCOUNT_DATA_MESSAGES.unknownDevice,
          place: seen?.place ?? info?.place ?? null,
        };
      })
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /**
   * Ends the user's session whose public id is `publicId` (404 when the user has none such: another
   * account's, or one that ended). The caller's own session ends as a sign-out does.
   */
  async endByPublicId(req: Request, userId: number, publicId: string): Promise<void> {
    const wanted = Buffer.from(publicId);
    const sid = (await this.liveIds(userId)).find((id) => {
      const candidate = Buffer.from(this.publicId(id));
      return candidate.length === wanted.length && timingSafeEqual(candidate, wanted);
    });
    if (!sid) throw new NotFoundException(ACCOUNT_DATA_MESSAGES.sessionNotFound);
    if (sid === req.sessionID) return this.end(req);
    await this.endSessions([sid], userId);
  }

  /** The session ids in the user's index whose session still exists. */
  private async liveIds(userId: number): Promise<string[]> {
    const key = this.keys.userSessions(userId);
    await this.redis.zremrangebyscore(key, '-inf', Date.now() - this.absoluteMs);
    const listed = await this.redis.zrange(key, 0, -1);
    if (!listed.length) return [];
    const checks = await this.redis.pipeline(listed.map((id) => ['exists', this.keys.session(id)])).exec();
    return listed.filter((_, i) => checks?.[i]?.[1] === 1);
  }

  async end(req: Request): Promise<void> {
    const { userId } = req.session;
    const sessionId = req.sessionID;
    await promisify((cb) => req.session.destroy(cb));
    if (userId) await this.forget(userId, [sessionId]);
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
      await this.endSessions(popped.filter((_, i) => i % 2 === 0), userId);
    }
    await this.endLegacy(userId, null);
    await this.redis.del(this.keys.userSessionInfo(userId), this.keys.userSessionSeen(userId));
  }

  /**
   * Ends every session of a user but `keepSessionId` (the user changed their password in it, or
   * asked to sign out everywhere else); how many live sessions ended.
   */
  async endOthersForUser(userId: number, keepSessionId: string): Promise<number> {
    const key = this.keys.userSessions(userId);
    const live = new Set(await this.liveIds(userId));
    const others = (await this.redis.zrange(key, 0, -1)).filter((id) => id !== keepSessionId);
    for (let i = 0; i < others.length; i += END_BATCH) {
      const batch = others.slice(i, i + END_BATCH);
      await this.redis.zrem(key, ...batch);
      await this.endSessions(batch, userId);
    }
    await this.endLegacy(userId, keepSessionId);
    return others.filter((id) => live.has(id)).length;
  }

  /** Adds a new session to its user's index, after dropping what has ended; ends the oldest beyond the cap. */
  private async index(userId: number, sessionId: string, info: SessionInfo): Promise<void> {
    const now = info.createdAt;
    const key = this.keys.userSessions(userId);
    await this.redis.zremrangebyscore(key, '-inf', now - this.absoluteMs);
    const listed = await this.redis.zrange(key, 0, -1);
    if (listed.length) {
      // Sessions that expired (idle) or were ended elsewhere leave the index here.
      const checks = await this.redis.pipeline(listed.map((id) => ['exists', this.keys.session(id)])).exec();
      const gone = listed.filter((_, i) => checks?.[i]?.[1] === 0);
      if (gone.length) {
        await this.redis.zrem(key, ...gone);
        await this.forget(userId, gone);
      }
    }
    const infoKey = this.keys.userSessionInfo(userId);
    const result = await this.redis
      .multi()
      .zadd(key, now, sessionId)
      .pexpire(key, this.absoluteMs)
      .hset(infoKey, sessionId, JSON.stringify(info))
      .pexpire(infoKey, this.absoluteMs)
      // Everything but the newest SESSIONS_PER_ACCOUNT (ties broken by id, the same on every instance).
      .zrange(key, 0, -(this.settings.sessionsPerAccount + 1))
      .exec();
    const over = (result?.[4]?.[1] as string[] | undefined) ?? [];
    if (over.length) {
      await this.redis.zrem(key, ...over);
      await this.endSessions(over, userId);
    }
  }

  /** Deletes the sessions; every instance drops them from memory and closes their sockets before this answers. */
  private async endSessions(sessionIds: string[], userId: number): Promise<void> {
    await this.redis.del(...sessionIds.map((id) => this.keys.session(id)));
    await this.forget(userId, sessionIds);
    await this.events.emit('sessions.ended', { sessionIds });
  }

  /** Drops what the owner's list kept of ended sessions: where they were signed in from, when last seen. */
  private async forget(userId: number, sessionIds: string[]): Promise<void> {
    await this.redis
      .multi()
      .zrem(this.keys.userSessions(userId), ...sessionIds)
      .hdel(this.keys.userSessionInfo(userId), ...sessionIds)
      .hdel(this.keys.userSessionSeen(userId), ...sessionIds)
      .exec();
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
      if (ended.length) await this.endSessions(ended, userId);
    }
    if (kept && keepSessionId) await this.redis.zadd(this.keys.userSessions(userId), Date.now(), keepSessionId);
  }
}
