/**
 * The building blocks of the route table's request schemas (zod/mini: only what a schema uses is
 * bundled, see docs/decisions/0083). Every refusal carries its catalogue message; the server answers
 * 400 with the message of the first failing field.
 *
 * The rules they keep:
 * - an absent field is skipped, `null` is a value, and a wrong one wherever a string, number or list
 *   is expected (only `nullable` fields take null);
 * - nothing is converted implicitly: a number sent as a string of digits is read as one only where
 *   `wholeNumber` says so;
 * - unknown fields are dropped (zod's objects strip them).
 */
import * as z from 'zod/mini';
import { HTTP_MESSAGES } from './http-messages';
import { textLength } from './rules/truncate';

/**
 * The largest id the API accepts. Ids are bigint columns, but no table comes near 2^31 rows; one
 * bound for path and body ids keeps every id a plain int4 and a safe JS integer.
 */
const ID_MAX = 2_147_483_647;
const CANONICAL_ID = /^[1-9]\d{0,9}$/;
const DIGITS = /^\d{1,16}$/;

/** A string, refused with `message` when it is anything else (absent included unless wrapped in z.optional). */
export const text = (message: string) => z.string({ error: message });

/**
 * A string of at most `max` UTF-16 units. Anything else is refused with `notText`, which is
 * `tooLong` unless said: the length rule names the refusal.
 */
export const textAtMost = (max: number, tooLong: string, notText = tooLong) => z.string({ error: notText }).check(z.maxLength(max, { error: tooLong }));

/** A string of at most `max` characters counted as the counters count them (code points: an emoji is one). */
export const codePointsAtMost = (max: number, message: string, tooLong = message) =>
  z.string({ error: message }).check(z.refine((value) => textLength(value) <= max, { error: tooLong }));

/** One of `values`, else `message`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

/** A value judged by a rule of the contracts that answers its catalogue message, or null when it is fine. */
export const ruled = <T = string>(problem: (value: unknown) => string | null) =>
  z.custom<T>().check(
    z.superRefine((value, ctx) => {
      const message = problem(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );

/** A string trimmed before its rule judges it. */
export const trimmed = <T extends z.core.$ZodType>(schema: T) => z.pipe(z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : value)), schema);

/** Multipart forms send an unused field as ''; read it as absent. */
export const emptyIsAbsent = <T extends z.core.$ZodType>(schema: T) =>
  z.optional(z.pipe(z.transform((value: unknown) => (value === '' ? undefined : value)), z.optional(schema)));

/** A JSON number, or a string of digits (query strings, forms), read as a number; anything else stays as sent and fails. */
export const wholeNumber = <T extends z.core.$ZodType>(schema: T) =>
  z.pipe(z.transform((value: unknown) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value)), schema);

/** A row id: a whole number from 1 to ID_MAX. */
export const idNumber = (message: string) => z.int({ error: message }).check(z.minimum(1, { error: message }), z.maximum(ID_MAX, { error: message }));

/** A row id in a body or query: a number or a string of digits, from 1 to ID_MAX. */
export const id = (message: string) => wholeNumber(idNumber(message));

/**
 * The actor fields of request bodies (userId, adminId, user_id, group_id): a whole number or a string
 * of digits, which the service then compares with the session's user. Never an object: comparing
 * one would run code the client chose (its toString).
 */
export const actorId = (message: string = HTTP_MESSAGES.badRequest) =>
  z.custom<number | string>(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && DIGITS.test(value)),
    { error: message },
  );

/** A numeric id path parameter: digits only, no sign, no leading zero, at most ID_MAX; else 400. */
export const idParam = z.pipe(
  z.string({ error: HTTP_MESSAGES.invalidId }).check(
    z.refine((value) => CANONICAL_ID.test(value) && Number(value) <= ID_MAX, { error: HTTP_MESSAGES.invalidId }),
  ),
  z.transform(Number),
);

/**
 * The longest free text a path parameter may carry (a username, a search box's name): no username
 * comes near it (ACCOUNT_RULES.usernameMax is 30), and nothing longer reaches SQL.
 */
const PATH_TEXT_MAX = 100;

/** A free-text path parameter (a username, a name searched for): at most PATH_TEXT_MAX characters, else 400. */
export const pathText = codePointsAtMost(PATH_TEXT_MAX, HTTP_MESSAGES.pathTextTooLong);

/** A path parameter taken as sent (the service judges it). */
export const pathString = z.string();
