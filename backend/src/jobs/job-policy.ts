import type { JobsOptions, WorkerOptions } from 'bullmq';
import { RetryLater } from './job-errors';

/**
 * How jobs survive failing dependencies. Every job is idempotent, so running one again
 * is always safe; losing one, or failing it for good because PostgreSQL or Redis blinked, is not.
 */

/** The name of the retry schedule below (BullMQ calls the worker's backoffStrategy for unknown types). */
const RETRY_BACKOFF_TYPE = 'capped-exponential';
const RETRY_FIRST_DELAY_MS = 1000;
/** Past this, retries come every 30 s: a job resumes within 30 s of its dependency coming back. */
const RETRY_MAX_DELAY_MS = 30_000;
/**
 * Attempts in all: retries 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s apart, 211 s from the first failure
 * to the last (retryWindowMs). An outage under 60 s uses 6 of them and leaves 6, so a job fails for
 * good only when its own work keeps failing for over three minutes.
 */
export const JOB_ATTEMPTS = 12;

/** The wait before retry number `attemptsMade` (1 after the first failure). */
export const retryDelayMs = (attemptsMade: number): number =>
  Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attemptsMade - 1), RETRY_MAX_DELAY_MS);

/** Time from a job's first failure to its last attempt, when every attempt fails at once. */
export function retryWindowMs(attempts = JOB_ATTEMPTS): number {
  let total = 0;
  for (let made = 1; made < attempts; made++) total += retryDelayMs(made);
  return total;
}

/** Options of every job (queues' defaults and the repeating schedules). */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: RETRY_BACKOFF_TYPE },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
};

/**
 * Takeover of a dead worker's job. A worker holds a lock on its active job for LOCK_DURATION_MS and
 * renews it every half of that; the stalled check (every STALLED_INTERVAL_MS, across all workers)
 * marks active jobs, and moves back to wait a marked job whose lock has lapsed. After a SIGKILL the
 * job is therefore waiting again within max(2 × interval, lock + interval) = 8 s, well inside the
 * 15 s contract; the defaults (30 s + 30 s) took about a minute. The lock stays long enough that a
 * busy event loop or a short Redis blip does not hand a live job to a second worker; if it ever
 * does, the job runs twice, which is safe.
 */
export const LOCK_DURATION_MS = 5000;
export const STALLED_INTERVAL_MS = 3000;
/**
 * How many times a job may be taken back from a dead (or cut off) worker before it fails: a crash or
 * a Redis outage during a job counts once each; a job that kills its worker every time (out of
 * memory) must not loop forever.
 */
const MAX_STALLED_COUNT = 3;

/** Worker settings for the above (BullMQ calls `backoffStrategy` for RETRY_BACKOFF_TYPE). */
export const WORKER_POLICY: Partial<WorkerOptions> = {
  lockDuration: LOCK_DURATION_MS,
  stalledInterval: STALLED_INTERVAL_MS,
  maxStalledCount: MAX_STALLED_COUNT,
  // A RetryLater (a remote service's Retry-After) waits at least what it asks.
  settings: { backoffStrategy: (attemptsMade: number, _type?: string, error?: Error) => Math.max(retryDelayMs(attemptsMade), error instanceof RetryLater ? error.retryAfterMs : 0) },
};
