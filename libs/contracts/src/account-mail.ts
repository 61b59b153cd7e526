import * as z from 'zod/mini';
import { ACCOUNT_MAIL_MESSAGES } from './account-mail-messages';
import { passwordProblem } from './rules/account';
import { ruled, trimmed } from './schema-kit';

/** The account's mail (issue 30): verifying the address, and resetting a forgotten password. */

/** BullMQ queue of every outgoing mail (shown with the other queues on the dashboard). */
export const MAIL_QUEUE = 'mail';

/** How long a link works. */
export const ACCOUNT_TOKEN_LIFETIME_SECONDS = { verifyEmail: 24 * 3600, resetPassword: 3600 } as const;

/** The longest token a link can carry (the server's are 43 characters of base64url). */
const TOKEN_MAX = 128;

/** A link's token: missing or empty is incomplete; anything but a short string is not valid. */
const token = (invalid: string) =>
  z.string({ error: ACCOUNT_MAIL_MESSAGES.tokenMissing }).check(z.minLength(1, { error: ACCOUNT_MAIL_MESSAGES.tokenMissing }), z.maxLength(TOKEN_MAX, { error: invalid }));

/** POST /api/email/verify */
export const VerifyEmailBody = z.object({ token: token(ACCOUNT_MAIL_MESSAGES.verifyLinkInvalid) });
export type VerifyEmailBody = z.output<typeof VerifyEmailBody>;

/** POST /api/password/forgot: a username or an e-mail address. */
export const ForgotPasswordBody = z.object({
  login: trimmed(
    z.string({ error: ACCOUNT_MAIL_MESSAGES.loginRequired }).check(z.minLength(1, { error: ACCOUNT_MAIL_MESSAGES.loginRequired }), z.maxLength(254, { error: ACCOUNT_MAIL_MESSAGES.loginRequired })),
  ),
});
export type ForgotPasswordBody = z.output<typeof ForgotPasswordBody>;

/** POST /api/password/reset: the sign-up's password rules. */
export const PasswordResetBody = z.object({
  token: token(ACCOUNT_MAIL_MESSAGES.resetLinkInvalid),
  password: ruled(passwordProblem),
});
export type PasswordResetBody = z.output<typeof PasswordResetBody>;

/** 200 of verify and reset, 202 of resend and forgot: what happened, in the catalogue's words. */
export const AccountMailResult = z.object({ success: z.literal(true), message: z.string() });
export type AccountMailResult = z.output<typeof AccountMailResult>;
