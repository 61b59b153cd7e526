import { InternalServerErrorException } from '@nestjs/common';
import { MESSAGES, type AdminJobPending } from '@cloud9/contracts';
import { JobFailedError } from './job-errors';
import type { JobRun } from './jobs.service';

/** The 202 body of an endpoint whose job is still running after its wait. */
export const pendingAnswer = (run: JobRun<unknown>): AdminJobPending => ({
  success: false,
  pending: true,
  jobId: run.jobId,
  queue: run.queue,
  message: MESSAGES.admin.jobPending,
});

/** A job's failure as the endpoint's 500 ('Backup failed: …'); HTTP errors (refusals, 503) pass as they are. */
export function asJobFailure(what: string, error: unknown): unknown {
  return error instanceof JobFailedError ? new InternalServerErrorException(MESSAGES.admin.jobFailed(what, error.reason)) : error;
}
