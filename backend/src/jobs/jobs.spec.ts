import { HttpStatus, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { asJobFailure } from './job-answers';
import { JobFailedError, JobRefusal, parseFailedReason } from './job-errors';

describe('job failures', () => {
  it('a refusal travels as "[status] message" and comes back as both', () => {
    const refusal = new JobRefusal(404, 'No backup to restore.');
    expect(refusal.message).toBe('[404] No backup to restore.');
    expect(parseFailedReason(refusal.message)).toEqual({ status: 404, message: 'No backup to restore.' });
    expect(parseFailedReason('pg_dump exited with code 1: [x]')).toEqual({ status: null, message: 'pg_dump exited with code 1: [x]' });
    expect(parseFailedReason(undefined)).toEqual({ status: null, message: 'unknown error' });
    expect(parseFailedReason("ENOSPC: no space left on device, write '/srv/backups/x.dump'")).toEqual({ status: null, message: "ENOSPC: no space left on device, write 'x.dump'" });
  });

  it('a job that failed becomes "<What> failed: <reason>" (500); HTTP errors pass unchanged', () => {
    const failure = asJobFailure('Backup', new JobFailedError('disk full')) as InternalServerErrorException;
    expect(failure).toBeInstanceOf(InternalServerErrorException);
    expect(failure.getStatus()).toBe(HttpStatus.INTERNAL_SERVER_ERROR);
    expect(failure.message).toBe('Backup failed: disk full');
    const notFound = new NotFoundException('x');
    expect(asJobFailure('Backup', notFound)).toBe(notFound);
  });
});
