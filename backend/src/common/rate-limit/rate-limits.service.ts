import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DM_MESSAGES, GIF_MESSAGES, MESSAGES } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { RateBucket, Settings } from '../../config/settings';
import { AppMetrics } from '../metrics/app-metrics';
import { REDIS, RedisKeys } from '../redis.module';
import { rateLimitHeaders, RateLimitedException, showRateLimit } from './rate-limit-headers';
import { LimitState, SharedLimiter } from './shared-limiter';

const REFUSAL: Record<RateBucket, string> = {
  apiAnon: MESSAGES.rateLimit.api,
  apiUser: MESSAGES.rateLimit.api,
  posts: MESSAGES.rateLimit.posts,
  uploads: MESSAGES.rateLimit.uploads,
  follows: MESSAGES.rateLimit.follows,
  search: MESSAGES.rateLimit.search,
  gifs: MESSAGES.rateLimit.gifs,
  gifPingbacks: GIF_MESSAGES.tooManyEvents,
  reports: MESSAGES.rateLimit.reports,
  loginIp: MESSAGES.auth.tooManyLoginsFromAddress,
  login: MESSAGES.auth.tooManyLogins,
  loginAccount: MESSAGES.auth.tooManyLoginsForAccount,
  loginOk: MESSAGES.auth.tooManySignIns,
  register: MESSAGES.auth.tooManyRegistrations,
  password: MESSAGES.auth.tooManyPasswordChanges,
  gifsGlobal: MESSAGES.rateLimit.gifsBusy,
  webhooks: MESSAGES.rateLimit.webhooks,
  webhooksGlobal: MESSAGES.rateLimit.webhooks,
  reactions: MESSAGES.rateLimit.reactions,
  passwordForgot: MESSAGES.accountMail.tooManyResets,
  passwordForgotIp: MESSAGES.accountMail.tooManyResets,
  emailResend: MESSAGES.accountMail.tooManyResends,
  twoFactor: MESSAGES.twoFactor.tooManyCodes,
  pushTest: MESSAGES.push.tooManyTests,
  dms: DM_MESSAGES.tooManyMessages,
  dmRequests: DM_MESSAGES.tooManyRequests,
};

/**
 * The anti-automation limits (RATE_LIMIT_*), counted in Redis so every instance shares them.
 * A limit set to 0 is off: its calls answer null and count nothing. Subjects come from subjects.ts.
 */
@Injectable()
export class RateLimitsService {
  private readonly limiters = new Map<RateBucket, SharedLimiter>();

  /** The limits a plan multiplies (consumeScaled), by bucket and factor, made when first used. */
  private readonly scaled = new Map<string, SharedLimiter>();

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly metrics: AppMetrics,
  ) {
    for (const [bucket, limit] of Object.entries(settings.rateLimits) as [RateBucket, Settings['rateLimits'][RateBucket]][]) {
      if (limit.max > 0) this.limiters.set(bucket, new SharedLimiter(redis, keys.rateLimit(bucket), limit));
    }
  }

  /**
   * Counts one for the subject against the bucket's limit multiplied by `factor` (a plan's: the
   * subject's count is kept per factor, so a plan change starts a new one); 429 over it.
   */
  async consumeScaled(bucket: RateBucket, subject: string, factor: number): Promise<LimitState | null> {
    const base = this.settings.rateLimits[bucket];
    if (base.max <= 0) return null;
    const name = `${bucket}:x${factor}`;
    let limiter = this.scaled.get(name);
    if (!limiter) {
      limiter = new SharedLimiter(this.redis, this.keys.rateLimit(name), { max: base.max * factor, windowSeconds: base.windowSeconds });
      this.scaled.set(name, limiter);
    }
    const state = await limiter.consume(subject);
    if (state.exceeded) throw this.refusal(bucket, state);
    return state;
  }

  /** Counts `points` for the subject; 429 when that goes over the limit. */
  async consume(bucket: RateBucket, subject: string, points = 1): Promise<LimitState | null> {
    const state = await this.count(bucket, subject, points);
    if (state?.exceeded) throw this.refusal(bucket, state);
    return state;
  }

  /** One request of the subject counted (429 once over the limit), its limit shown on the answer (showRateLimit). */
  async consumeFor(res: Response, bucket: RateBucket, subject: string): Promise<void> {
    const state = await this.consume(bucket, subject);
    if (state) showRateLimit(res, state);
  }

  /** Counts work already done (files already received): never refuses. */
  async count(bucket: RateBucket, subject: string, points = 1): Promise<LimitState | null> {
    return (await this.limiters.get(bucket)?.consume(subject, points)) ?? null;
  }

  /** 429 when the subject has nothing left, without counting (checked before reading an upload). */
  async assertRoom(bucket: RateBucket, subject: string): Promise<LimitState | null> {
    const state = (await this.limiters.get(bucket)?.peek(subject)) ?? null;
    if (state && state.remaining === 0) throw this.refusal(bucket, { ...state, exceeded: true });
    return state;
  }

  async refund(bucket: RateBucket, subject: string, points = 1): Promise<void> {
    await this.limiters.get(bucket)?.refund(subject, points);
  }

  async reset(bucket: RateBucket, subject: string): Promise<void> {
    await this.limiters.get(bucket)?.reset(subject);
  }

  /** The 429 of a limit (every refusal is made here, so this is where they are counted). */
  refusal(bucket: RateBucket, state: LimitState): RateLimitedException {
    this.metrics.rateLimitRejections.inc({ rule: bucket });
    return new RateLimitedException(REFUSAL[bucket], rateLimitHeaders(state));
  }
}
