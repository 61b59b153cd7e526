import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import Redis from 'ioredis';
import { SETTINGS } from '../../config/settings.module';
import { isSecureDeployment, type Settings } from '../../config/settings';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { cookieValue, signValue, unsignValue } from '../../common/auth/signed-session-cookie';
import { TwoFactorClock } from './two-factor-clock';

/** How long after the right password the second step may finish it. */
const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
/** Redis keeps the record a little longer than that: the clock, not the key's life, decides (TwoFactorClock). */
const KEPT_MS = PENDING_SIGN_IN_MS + 60 * 1000;

interface PendingRecord {
  userId: number;
  /** When the password was right (TwoFactorClock, ms). */
  at: number;
}

/** A sign-in waiting for its second step, as the browser's cookie found it. */
export interface PendingSignIn {
  userId: number;
  key: string;
}

/**
 * Sign-in's pending second step, bound to the browser that gave the right password: a random id
 * (256 bits) in a short-lived cookie (HttpOnly, SameSite=Strict, signed with the session secret;
 * `__Host-` over https) names a Redis record holding the account and when the password was right,
 * stored under the id's SHA-256. No other client has the cookie, the password is never asked for
 * twice, and the record knows the account. It ends when the second step succeeds, or 5 minutes
 * after the password by TwoFactorClock.
 */
@Injectable()
export class PendingSignIns {
  readonly cookieName: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly clock: TwoFactorClock,
  ) {
    this.cookieName = isSecureDeployment(settings) ? '__Host-c9.2fa' : 'c9.2fa';
  }

  /** Starts the second step for `userId`: the record, and its cookie on the answer. */
  async start(res: Response, userId: number): Promise<void> {
    const id = randomBytes(32).toString('base64url');
    const record: PendingRecord = { userId, at: this.clock.now() };
    await this.redis.set(this.keyOf(id), JSON.stringify(record), 'PX', KEPT_MS);
    res.cookie(this.cookieName, signValue(id, this.settings.sessionSecret), { ...this.cookieOptions(), maxAge: PENDING_SIGN_IN_MS });
  }

  /** The request's pending sign-in when its cookie is genuine and the record younger than 5 minutes, else null (an old one goes). */
  async find(req: Request): Promise<PendingSignIn | null> {
    const raw = cookieValue(req.headers.cookie, this.cookieName);
    const id = raw ? unsignValue(raw, this.settings.sessionSecret) : null;
    if (!id) return null;
    const key = this.keyOf(id);
    const stored = await this.redis.get(key);
    if (!stored) return null;
    const record = JSON.parse(stored) as PendingRecord;
    const age = this.clock.now() - record.at;
    if (age < 0 || age > PENDING_SIGN_IN_MS) {
      await this.redis.del(key);
      return null;
    }
    return { userId: record.userId, key };
  }

  /** Ends it (the second step succeeded): true for the one request that ended it. */
  async finish(res: Response, pending: PendingSignIn): Promise<boolean> {
    this.clear(res);
    return (await this.redis.del(pending.key)) === 1;
  }

  /** Drops the cookie from the browser. */
  clear(res: Response): void {
    res.clearCookie(this.cookieName, this.cookieOptions());
  }

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'strict', secure: isSecureDeployment(this.settings), path: '/' };
  }

  private keyOf(id: string): string {
    return this.keys.pendingSignIn(createHash('sha256').update(id).digest('base64url'));
  }
}
