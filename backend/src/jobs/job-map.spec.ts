import { ADMIN_JOB, ADMIN_QUEUE, BOOST_QUEUE, BOOST_ROTATE_JOB, type BoostRotation } from '@cloud9/contracts';
import { JobHandler } from './job-handler.decorator';
import { DECLARED_JOBS } from './job-map';
import type { JobsService } from './jobs.service';

/**
 * What the job map refuses at compile time: `npm run typecheck` fails if an expected error below
 * stops being one. The function is never called.
 */
export async function typedByTheJobMap(jobs: JobsService): Promise<void> {
  const rotation = await jobs.runAndWait(BOOST_QUEUE, BOOST_ROTATE_JOB, {}, 0);
  const result: BoostRotation | null = rotation.result;
  const backup = await jobs.runAndWait(ADMIN_QUEUE, ADMIN_JOB.backup, { requestedBy: 'admin' }, 0);
  const bytes: number | undefined = backup.result?.bytes;
  void [result, bytes];

  // @ts-expect-error no such job on the admin queue
  await jobs.runAndWait(ADMIN_QUEUE, 'no-such-job', {}, 0);
  // @ts-expect-error the rotation is a boosts job, not an admin one
  await jobs.add(ADMIN_QUEUE, BOOST_ROTATE_JOB, {});
  // @ts-expect-error the orphan delete's names are strings
  await jobs.add(ADMIN_QUEUE, ADMIN_JOB.orphanDelete, { names: [1] });
  // @ts-expect-error the rotation takes no data
  await jobs.add(BOOST_QUEUE, BOOST_ROTATE_JOB, { requestedBy: 'admin' });
  // @ts-expect-error a schedule names a job of its queue
  await jobs.repeatEvery(BOOST_QUEUE, 'scheduler', 1000, ADMIN_JOB.backup);

  class WrongHandlers {
    // @ts-expect-error a rotation returns what it changed
    @JobHandler(BOOST_QUEUE, BOOST_ROTATE_JOB)
    async rotate(): Promise<number> {
      return 1;
    }

    // @ts-expect-error no such job on the boosts queue
    @JobHandler(BOOST_QUEUE, 'no-such-job')
    async other(): Promise<BoostRotation> {
      return { expired: 0, activated: 0 };
    }
  }
  void WrongHandlers;
}

describe('the job map', () => {
  it('declares every queue and job at run time', () => {
    expect(DECLARED_JOBS).toEqual({
      admin: { 'db-backup': true, 'db-restore': true, 'app-backup': true, 'sync-follow-tables': true, 'orphaned-uploads-scan': true, 'orphaned-uploads-delete': true },
      boosts: { rotate: true },
      billing: { 'downgrade-expired': true },
      media: { variants: true },
      hashtags: { trending: true },
      mail: { send: true },
      exports: { build: true, cleanup: true },
      push: { alert: true, notice: true, send: true, dm: true },
    });
  });
});
