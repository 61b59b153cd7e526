import { UnrecoverableError } from 'bullmq';
import { withoutFolders } from '../common/without-folders';

/**
 * A job that must not be retried and answers the caller with an HTTP status (e.g. 404 'No backup to
 * restore.'). Travels through Redis as the failed reason "[404] No backup to restore.".
 */
export class JobRefusal extends UnrecoverableError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`[${status}] ${message}`);
    this.name = 'JobRefusal';
  }
}

/**
 * A failure whose next attempt must wait at least `retryAfterMs` (a remote service's Retry-After):
 * the retry policy waits the longer of that and its own delay (job-policy.ts).
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** A job that failed after all its attempts, for a reason that is not a refusal. */
export class JobFailedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'JobFailedError';
  }
}

/**
 * A failed reason split into the refusal's status (if any) and its message. The message reaches
 * admins (answers, job status), so the server's folders are cut out of it (an fs error names them).
 */
export function parseFailedReason(reason: string | undefined | null): { status: number | null; message: string } {
  const match = /^\[(\d{3})\] ([\s\S]*)$/.exec(reason ?? '');
  return match ? { status: Number(match[1]), message: withoutFolders(match[2]) } : { status: null, message: withoutFolders(reason || 'unknown error') };
}
