/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238): the request and answer schemas of
 * the routes under /api/me/2fa and /api/login/2fa, and the sign-in answer that asks for the second step.
 */
import * as z from 'zod/mini';
import { TWO_FACTOR_MESSAGES as M } from './two-factor-messages';
import { AUTH_MESSAGES } from './auth-messages';
import { CurrentUser } from './types';
import { THEMES } from './theme';

/** RFC 6238 as every authenticator app reads an otpauth:// address: SHA-1, 6 digits, 30-second steps. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', issuer: 'Cloud 9 Social', recoveryCodes: 10 } as const;

/** How a member may finish sign-in's second step. */
/** How a second step may be taken: a code of the authenticator app, a recovery code, or a passkey (a passkey sign-in is both factors). */
export const TWO_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

const digitsOnly = (value: string) => value.replace(/\s+/g, '');
/** Six digits; spaces (as apps group them, "123 456") are dropped. */
export const TotpCode = z.pipe(
  z.pipe(z.string({ error: M.codeRequired }), z.transform(digitsOnly)),
  z.string().check(z.minLength(1, { error: M.codeRequired }), z.regex(/^\d{6}$/, { error: M.codeInvalid })),
);
/** `abcde-12345`: ten letters and digits, the dash, spaces and letter case optional. */
export const RecoveryCode = z.pipe(
  z.pipe(z.string({ error: M.recoveryCodeRequired }).check(z.maxLength(64, { error: M.recoveryCodeInvalid })), z.transform((v: string) => v.replace(/[\s-]+/g, '').toLowerCase())),
  z.string().check(z.minLength(1, { error: M.recoveryCodeRequired }), z.regex(/^[a-z0-9]{10}$/, { error: M.recoveryCodeInvalid })),
);
const password = z.string({ error: AUTH_MESSAGES.passwordRequired }).check(z.minLength(1, { error: AUTH_MESSAGES.passwordRequired }), z.maxLength(256, { error: AUTH_MESSAGES.currentPasswordWrong }));

export const TotpEnableBody = z.object({ code: TotpCode });
export type TotpEnableBody = z.output<typeof TotpEnableBody>;
export const TotpDisableBody = z.object({ password, code: TotpCode });
export type TotpDisableBody = z.output<typeof TotpDisableBody>;
export const RecoveryCodesBody = z.object({ password });
export type RecoveryCodesBody = z.output<typeof RecoveryCodesBody>;

/** Sign-in's second step: a code from the app or one recovery code (exactly one of them). */
export const LoginSecondStepBody = z
  .object({ code: z.optional(TotpCode), recoveryCode: z.optional(RecoveryCode) })
  .check(
    z.refine((b) => b.code !== undefined || b.recoveryCode !== undefined, { error: M.codeRequired, path: ['code'] }),
    z.refine((b) => b.code === undefined || b.recoveryCode === undefined, { error: M.oneCodeOnly, path: ['code'] }),
  );
export type LoginSecondStepBody = z.output<typeof LoginSecondStepBody>;

/** The one answer that shows the secret: a new, not yet active secret (base32), its otpauth:// address and that address as a QR code (SVG). */
export const TotpSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.output<typeof TotpSetup>;
/** The new recovery codes, shown once (stored hashed). */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.output<typeof RecoveryCodes>;

/** POST /api/login's answer when the password was right and the account has two-factor on: no session yet. */
export const TwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true), methods: z.array(z.enum(TWO_FACTOR_METHODS)) });
export type TwoFactorChallenge = z.output<typeof TwoFactorChallenge>;
/** POST /api/login: the signed-in account, or the second step to take. */
export const LoginResult = z.union([CurrentUser, TwoFactorChallenge]);
export type LoginResult = z.output<typeof LoginResult>;

/** Which second factors the account has on (GET /api/me). */
export const TwoFactorStatus = z.object({ totp: z.boolean() });
export type TwoFactorStatus = z.output<typeof TwoFactorStatus>;
/** GET /api/me: the account, with its second factors and its colour theme. */
export const Me = z.extend(CurrentUser, { twoFactor: TwoFactorStatus, theme: z.enum(THEMES) });
export type Me = z.output<typeof Me>;

