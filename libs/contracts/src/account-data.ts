/**
 * The account's own data: the sessions it is signed in with, its data exports, and the body of an
 * account deletion (issue 30, items 6 and 7). Schemas of the route table's entries (accountData.*,
 * users.delete) with their wire types.
 */
import * as z from 'zod/mini';
import { ACCOUNT_DATA_MESSAGES } from './account-data-messages';
import { AUTH_MESSAGES } from './auth-messages';
import { HTTP_MESSAGES } from './http-messages';
import { idParam, textAtMost } from './schema-kit';
import { TotpCode } from './two-factor';

/** How long an export is kept, and the least time between two exports of one account. */
export const EXPORT_KEEP_DAYS = 7;

/**
 * One signed-in session of the account, as its owner's list shows it. `id` is a public id derived
 * from the session (never the session cookie's id); `place` is the network the session last came
 * from, coarsely (an IPv4 /24 or an IPv6 /48, never the address itself).
 */
export const AccountSession = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** "Chrome on Android"; "Unknown device" when the User-Agent says nothing known. */
  device: z.string(),
  place: z.nullable(z.string()),
});
export type AccountSession = z.output<typeof AccountSession>;

/** A session's public id in a path: base64url, as the list gives it. */
export const SessionIdParams = z.object({
  id: z.string({ error: HTTP_MESSAGES.badRequest }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: ACCOUNT_DATA_MESSAGES.sessionNotFound })),
});

export const EndedSessions = z.object({ ended: z.int() });
export type EndedSessions = z.output<typeof EndedSessions>;

export const EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** One data export: asked for at `requestedAt`, downloadable until `expiresAt` once `ready`. */
export const DataExport = z.object({
  id: z.int(),
  status: z.enum(EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.nullable(z.string()),
  expiresAt: z.string(),
  /** The ZIP's size once ready. */
  bytes: z.nullable(z.int()),
});
export type DataExport = z.output<typeof DataExport>;

export const DataExportList = z.object({
  items: z.array(DataExport),
  /** When the account may ask for its next export (now or earlier: it may ask now). */
  nextAllowedAt: z.string(),
});
export type DataExportList = z.output<typeof DataExportList>;

export const ExportIdParams = z.object({ id: idParam });

/**
 * Deleting an account: its owner proves they are at the keyboard with the password (an admin
 * deleting another account does not), and with a code when two-factor is on (checked only then).
 */
export const DeleteAccountBody = z.object({
  currentPassword: z.optional(textAtMost(256, AUTH_MESSAGES.currentPasswordWrong)),
  code: z.optional(TotpCode),
});
export type DeleteAccountBody = z.output<typeof DeleteAccountBody>;

/** The ZIP's media type (the download's answer). */
export const EXPORT_CONTENT_TYPE = 'application/zip';
