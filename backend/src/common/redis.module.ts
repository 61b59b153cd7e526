import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import { SETTINGS } from '../config/settings.module';
import { Settings } from '../config/settings';
import { failWhenSilent } from './redis-stall';

export const REDIS = Symbol('REDIS');

/** Reconnect attempts back off to at most this, so the app is back within it once Redis is. */
const REDIS_MAX_RECONNECT_DELAY_MS = 500;

/**
 * How every Redis connection on a request's path behaves when Redis fails: a command that gets no
 * answer within REDIS_COMMAND_TIMEOUT_MS fails (a silent Redis never hangs a request), a command
 * sent while the connection is down fails at once instead of waiting in a queue, and reconnects are
 * tried at least every REDIS_MAX_RECONNECT_DELAY_MS. The failure becomes a 503 (dependency-errors.ts).
 */
export const failFastRedisOptions = (settings: Settings): RedisOptions => ({
  commandTimeout: settings.redisCommandTimeoutMs,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 2000,
  retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_MAX_RECONNECT_DELAY_MS),
});

/**
 * The app's shared connection (sessions, rate limits, caches, health); answers once it is ready.
 * Its command deadline is failWhenSilent's, which a busy moment of this process does not trip.
 */
export function createRedis(settings: Settings): Redis {
  const redis = new Redis(settings.redisUrl, { ...failFastRedisOptions(settings), commandTimeout: undefined });
  return failWhenSilent(redis, settings.redisCommandTimeoutMs);
}

/** Every Redis key the app writes, under REDIS_PREFIX, in one place. */
@Injectable()
export class RedisKeys {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}
  get sessionPrefix() {
    return `${this.settings.redisPrefix}sess:`;
  }
  session(sessionId: string) {
    return `${this.sessionPrefix}${sessionId}`;
  }
  /** One user's live sessions: a sorted set of session ids, scored by sign-in time (SessionsService). */
  userSessions(userId: number) {
    return `${this.settings.redisPrefix}user-session-index:${userId}`;
  }
  /** The same, as a plain set, from before the index had sign-in times (only ever emptied now). */
  legacyUserSessions(userId: number) {
    return `${this.settings.redisPrefix}user-sessions:${userId}`;
  }
  /** A sign-in waiting for its second step (two-factor's PendingSignIns), by the SHA-256 of the id its cookie holds. */
  pendingSignIn(idHash: string) {
    return `${this.settings.redisPrefix}2fa-pending:${idHash}`;
  }
  /** What each of one user's sessions was signed in from: session id -> JSON { createdAt, device, place } (SessionsService). */
  userSessionInfo(userId: number) {
    return `${this.settings.redisPrefix}user-session-info:${userId}`;
  }
  /** When each of one user's sessions was last seen, and from which network: session id -> JSON { at, place } (noteSessionSeen). */
  userSessionSeen(userId: number) {
    return `${this.settings.redisPrefix}user-session-seen:${userId}`;
  }
  /** A member's typing mark in a conversation was relayed within DM_RULES.typingEveryMs (DirectMessagesService.typing). */
  dmTyping(userId: number, conversationId: number) {
    return `${this.settings.redisPrefix}dm-typing:${userId}:${conversationId}`;
  }
  /** The prefix of one limit's counters (the limiter appends `:<subject>`). */
  rateLimit(bucket: string) {
    return `${this.settings.redisPrefix}rl:${bucket}`;
  }
  /** The trending hashtags as the last `hashtags/trending` job stored them (TrendingService). */
  get trending() {
    return `${this.settings.redisPrefix}trending`;
  }
  /** Present for a few seconds after a member's write: their reads go to the primary, not the replica (ReadReplica). */
  readPin(userId: number) {
    return `${this.settings.redisPrefix}read-primary:${userId}`;
  }
  /** The alerts about one post that one actor withdrew in the last hour (WithdrawnAlerts). */
  withdrawnAlerts(postId: number, actorId: number) {
    return `${this.settings.redisPrefix}alerts-withdrawn:${postId}:${actorId}`;
  }
  /** The leased slots of one viewer's uncached filtered reads in flight (FilteredReads). */
  filteredReads(viewerId: number) {
    return `${this.settings.redisPrefix}filtered-reads:${viewerId}`;
  }
  /** The challenge of an account's passkey being added, with its WebAuthn user id (PasskeysService). */
  passkeyRegistration(userId: number) {
    return `${this.settings.redisPrefix}passkey-add:${userId}`;
  }
  /** A passkey sign-in's challenge, given and not yet answered (PasskeysService). */
  passkeySignIn(challenge: string) {
    return `${this.settings.redisPrefix}passkey-sign-in:${challenge}`;
  }
  /** One member's sockets that report a visible page, scored by when their mark ends (PageVisibility). */
  pageVisible(userId: number) {
    return `${this.settings.redisPrefix}page-visible:${userId}`;
  }
  /** The subscriptions a push job has delivered to: a retried or re-run attempt skips them (PushDelivery). */
  pushSent(jobId: string) {
    return `${this.settings.redisPrefix}push-sent:${jobId}`;
  }
  /** Set once a mail job's message was handed over: a retried or re-run attempt of that job sends nothing (MailService). */
  mailSent(jobId: string) {
    return `${this.settings.redisPrefix}mail-sent:${jobId}`;
  }
  /** A cached GIF provider answer for one normalised request (see GifsService). */
  gifCache(request: string) {
    return `${this.settings.redisPrefix}gif:${request}`;
  }
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    // quit() lets sent commands finish; on a Redis that is away it fails at once, and on a silent one
    // within the command timeout. Then the socket is dropped either way.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }
}

// Global: the one connection made at start (forRoot) serves the sessions, limits, caches and half the modules.
@Global()
@Module({})
export class RedisModule {
  static forRoot(redis: Redis) {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useValue: redis }, RedisKeys, RedisShutdown],
      exports: [REDIS, RedisKeys],
    };
  }
}
