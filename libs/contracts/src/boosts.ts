/** Boosts: the boosted head of the feed, the boost calls and the rotation job's queue. */
import * as z from 'zod/mini';

/** At most this many user boosts are active at a time (plus one admin boost). */
export const ACTIVE_USER_BOOST_SLOTS = 3;
/** A boost lasts this long once active (or until replaced, for the admin boost). */
export const BOOST_DURATION_HOURS = 24;

/** The BullMQ queue and job names of the boost rotation. */
export const BOOST_QUEUE = 'boosts';
export const BOOST_ROTATE_JOB = 'rotate';

export const BOOST_TEXT = {
  requested: 'Boost requested.',
  rotated: 'Boost queue processed.',
} as const;

/** What one rotation changed. */
export const BoostRotation = z.object({
  expired: z.number(),
  activated: z.number(),
});
export type BoostRotation = z.output<typeof BoostRotation>;

/** PATCH /api/boost/rotate */
export const BoostRotateResult = z.union([
  z.object({ success: z.literal(true), message: z.string(), jobId: z.string(), ...BoostRotation.shape }),
  z.object({ success: z.literal(false), jobId: z.string(), pending: z.optional(z.literal(true)), queue: z.optional(z.string()), message: z.optional(z.string()) }),
]);
export type BoostRotateResult = z.output<typeof BoostRotateResult>;

/** One row of GET /api/admin/users and PATCH /api/admin/users/:id. */
export const AdminUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  group_id: z.number(),
  createdAt: z.string(),
});
export type AdminUser = z.output<typeof AdminUser>;

/** First instant of the calendar month (UTC) after `now`. */
export function boostPeriodEnd(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** First instant of the calendar month (UTC) holding `now`. */
export function boostPeriodStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
