import { createHmac, randomBytes } from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP } from '@cloud9/contracts';

/** 20 random bytes (160 bits, RFC 4226's recommended length), as the base32 text apps take. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new Totp({ issuer: TOTP.issuer, label, algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.periodSeconds, secret: Secret.fromBase32(secret) });

/** The otpauth:// address an authenticator app reads (as a QR code or typed in). */
export const otpauthUrl = (secret: string, accountName: string): string => totpOf(secret, accountName).toString();

/** The 30-second step `nowMs` falls in (RFC 6238's T). */
const stepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP.periodSeconds);

/**
 * The step a code was made for when it matches the secret at `nowMs` or one step either side
 * (a phone's clock a little off, a code typed as it changes), else null.
 */
export function matchedStep(secret: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** 32 letters and digits without l, o, 0 and 1 (nothing to misread): 5 random bits a character. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A recovery code as shown: `abcde-23456`, 10 characters (50 random bits) with a dash in the middle. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** How a recovery code is stored and looked up: HMAC-SHA256 under the two-factor key of its normalised form (no dash, lower case). */
export const recoveryCodeHash = (code: string, key: Buffer): string =>
  createHmac('sha256', key).update(code.replace(/[\s-]+/g, '').toLowerCase()).digest('base64url');
