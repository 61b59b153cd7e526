import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request } from 'express';
import { isSecureDeployment, type Settings } from '../../config/settings';
import { cookieValue, signValue, unsignValue } from './signed-session-cookie';

/** How long a browser stays a known device of the account it signed in to (each sign-in starts it again). */
const DEVICE_COOKIE_DAYS = 365;

/** A device cookie as sent back: the account it names and its own id (its failures are counted under it). */
export interface KnownDevice {
  userId: number;
  /** Random per sign-in: the subject of this cookie's own failure count. */
  nonce: string;
}

/**
 * OWASP's device cookies: a browser that signed in to an account carries a cookie naming that
 * account, signed with the session secret (HMAC-SHA256, as the session cookie). Failed logins
 * sent with it are counted under it, not against the account's ceiling for unknown clients, so a
 * run of wrong passwords from elsewhere cannot lock the owner out of a device they already use.
 * Over https the name carries `__Host-` (Secure, Path=/, no Domain), like the session cookie.
 */
export class DeviceCookies {
  readonly name: string;

  constructor(private readonly settings: Pick<Settings, 'publicUrl' | 'sessionSecret'>) {
    this.name = isSecureDeployment(settings) ? '__Host-c9.device' : 'c9.device';
  }

  /** The device cookie of the request when it is genuine and names `userId`, else null. */
  read(req: Request, userId: number): KnownDevice | null {
    const raw = cookieValue(req.headers.cookie, this.name);
    const value = raw ? unsignValue(raw, this.settings.sessionSecret) : null;
    const match = value ? /^(\d+)\.([\w-]{16,64})$/.exec(value) : null;
    if (!match || Number(match[1]) !== userId) return null;
    return { userId, nonce: match[2] };
  }

  /** A new device cookie for `userId`: [value, options] for res.cookie. */
  issue(userId: number): [string, CookieOptions] {
    const value = signValue(`${userId}.${randomBytes(18).toString('base64url')}`, this.settings.sessionSecret);
    return [value, { httpOnly: true, sameSite: 'strict', secure: isSecureDeployment(this.settings), path: '/', maxAge: DEVICE_COOKIE_DAYS * 24 * 3600 * 1000 }];
  }
}
