/** Boosts: the boosted head of the feed, the boost calls and the rotation job's queue. */

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
export interface BoostRotation {
  expired: number;
  activated: number;
}

/** PATCH /api/boost/rotate */
export type BoostRotateResult =
  | ({ success: true; message: string; jobId: string } & BoostRotation)
  | { success: false; jobId: string; pending?: true; queue?: string; message?: string };

/** One row of GET /api/admin/users and PATCH /api/admin/users/:id. */
export interface AdminUser {
  id: number;
  username: string;
  email: string;
  name: string | null;
  group_id: number;
  createdAt: string;
}

/** First instant of the calendar month (UTC) after `now`. */
export function boostPeriodEnd(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** First instant of the calendar month (UTC) holding `now`. */
export function boostPeriodStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
