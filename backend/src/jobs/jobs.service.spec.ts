import { HttpException } from '@nestjs/common';
import type { Queue, QueueEvents } from 'bullmq';
import { ADMIN_JOB, ADMIN_QUEUE } from '@cloud9/contracts';
import type { Settings } from '../config/settings';
import { AppMetrics } from '../common/metrics/app-metrics';
import { Readiness } from '../common/readiness';
import { JobFailedError } from './job-errors';
import { JobsService } from './jobs.service';

/**
 * A JobsService whose queue holds one job: its wait for the job always ends without a result (with
 * whatever error), and Redis then reports `state` and the stored job.
 */
function serviceWhereTheWaitEnds(
  state: () => Promise<string>,
  stored: { returnvalue?: unknown; failedReason?: string },
  waitUntilFinished: () => Promise<unknown> = () => Promise.reject(new Error('any words BullMQ chooses')),
  readiness = new Readiness(),
) {
  const job = {
    id: 'job-1',
    queueName: ADMIN_QUEUE,
    waitUntilFinished,
    getState: state,
  };
  const queue = { add: () => Promise.resolve(job), getJob: () => Promise.resolve({ id: 'job-1', ...stored }) } as unknown as Queue;
  const settings = { redisPrefix: 'unit:', role: 'api' } as Settings;
  const jobs = new JobsService(settings, new AppMetrics(settings), readiness);
  jest.spyOn(jobs, 'queue').mockReturnValue(queue);
  jest.spyOn(jobs, 'queueEvents').mockReturnValue({ waitUntilReady: () => Promise.resolve() } as unknown as QueueEvents);
  return jobs;
}

const runSync = (jobs: JobsService) => jobs.runAndWait(ADMIN_QUEUE, ADMIN_JOB.syncFollowTables, {}, 50);

describe('enqueue and wait, once the wait ends without a result', () => {
  it('answers the result of a job that completed meanwhile', async () => {
    const jobs = serviceWhereTheWaitEnds(() => Promise.resolve('completed'), { returnvalue: { followersAdded: 1, followingsAdded: 0 } });
    await expect(runSync(jobs)).resolves.toEqual({ jobId: 'job-1', queue: ADMIN_QUEUE, result: { followersAdded: 1, followingsAdded: 0 } });
  });

  it('answers a refusal with its status, and any other failure as a JobFailedError', async () => {
    const refused = serviceWhereTheWaitEnds(() => Promise.resolve('failed'), { failedReason: '[404] No backup to restore.' });
    const refusal = await runSync(refused).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpException);
    expect(refusal).toMatchObject({ message: 'No backup to restore.', status: 404 });

    const failed = serviceWhereTheWaitEnds(() => Promise.resolve('failed'), { failedReason: 'disk full' });
    await expect(runSync(failed)).rejects.toEqual(new JobFailedError('disk full'));
  });

  it.each(['waiting', 'active', 'delayed', 'prioritized', 'unknown'])('answers pending (null) while the job is %s', async (state) => {
    const jobs = serviceWhereTheWaitEnds(() => Promise.resolve(state), {});
    await expect(runSync(jobs)).resolves.toEqual({ jobId: 'job-1', queue: ADMIN_QUEUE, result: null });
  });

  it('answers pending when Redis cannot tell the state: the job is enqueued', async () => {
    const jobs = serviceWhereTheWaitEnds(() => Promise.reject(new Error('Connection is closed.')), {});
    await expect(runSync(jobs)).resolves.toEqual({ jobId: 'job-1', queue: ADMIN_QUEUE, result: null });
  });

  it('stops waiting as soon as the instance stops after its drain delay (its request would be cut), answering pending while the job runs', async () => {
    const readiness = new Readiness();
    const jobs = serviceWhereTheWaitEnds(() => Promise.resolve('active'), {}, () => new Promise(() => undefined), readiness);
    const run = jobs.runAndWait(ADMIN_QUEUE, ADMIN_JOB.syncFollowTables, {}, 60_000);
    setTimeout(() => readiness.stop(), 20);
    const started = Date.now();
    await expect(run).resolves.toEqual({ jobId: 'job-1', queue: ADMIN_QUEUE, result: null });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
