import { Injectable, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Job, Processor } from 'bullmq';
import { ADMIN_JOB, ADMIN_QUEUE, BILLING_QUEUE, BOOST_QUEUE, BOOST_ROTATE_JOB, MAIL_QUEUE, type BoostRotation, type TrendingTags } from '@cloud9/contracts';
import { JobHandlerDiscovery, JobHandlersError } from './job-discovery';
import { JobHandler } from './job-handler.decorator';
import {
  DOWNGRADE_EXPIRED_JOB, EXPORT_BUILD_JOB, EXPORT_CLEANUP_JOB, EXPORTS_QUEUE, HASHTAGS_QUEUE, MAIL_SEND_JOB, MEDIA_QUEUE, MEDIA_VARIANTS_JOB, PUSH_ALERT_JOB, PUSH_DM_JOB, PUSH_NOTICE_JOB, PUSH_QUEUE, PUSH_SEND_JOB, TRENDING_JOB,
  type PushOutcome, type QueueJob, type QueueName,
} from './job-map';
import { JobsService } from './jobs.service';

/** Handlers whose work these tests never run. */
const notRun = (): Promise<never> => Promise.reject(new Error('not run in this test'));

@Injectable()
class AdminHandlers {
  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.backup)
  backup(): Promise<never> {
    return notRun();
  }

  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.restore)
  restore(): Promise<never> {
    return notRun();
  }

  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.appBackup)
  appBackup(): Promise<never> {
    return notRun();
  }

  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.syncFollowTables)
  async sync(): Promise<{ followersAdded: number; followingsAdded: number }> {
    return { followersAdded: 1, followingsAdded: 2 };
  }

  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.orphanScan)
  scan(): Promise<never> {
    return notRun();
  }

  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.orphanDelete)
  async deleteOrphans(job: QueueJob<typeof ADMIN_QUEUE, typeof ADMIN_JOB.orphanDelete>): Promise<{ deleted: number; deletedNames: string[] }> {
    const names = job.data.names ?? [];
    return { deleted: names.length, deletedNames: names };
  }
}

@Injectable()
class BoostHandlers {
  @JobHandler(BOOST_QUEUE, BOOST_ROTATE_JOB)
  async rotate(): Promise<BoostRotation> {
    return { expired: 0, activated: 1 };
  }
}

@Injectable()
class BillingHandlers {
  @JobHandler(BILLING_QUEUE, DOWNGRADE_EXPIRED_JOB)
  async downgradeExpired(): Promise<{ downgraded: number[]; asked: number }> {
    return { downgraded: [], asked: 0 };
  }
}

@Injectable()
class MediaHandlers {
  @JobHandler(MEDIA_QUEUE, MEDIA_VARIANTS_JOB)
  async variants(job: QueueJob<typeof MEDIA_QUEUE, typeof MEDIA_VARIANTS_JOB>): Promise<{ widths: number[] }> {
    return { widths: job.data.widths };
  }
}

@Injectable()
class HashtagHandlers {
  @JobHandler(HASHTAGS_QUEUE, TRENDING_JOB)
  async trending(): Promise<TrendingTags> {
    return { items: [{ tag: 'news', count: 3 }] };
  }
}

@Injectable()
class MailHandlers {
  @JobHandler(MAIL_QUEUE, MAIL_SEND_JOB)
  async send(job: QueueJob<typeof MAIL_QUEUE, typeof MAIL_SEND_JOB>): Promise<{ sent: boolean; messageId: string }> {
    return { sent: true, messageId: `<${job.data.template}@test>` };
  }
}

class ExportHandlers {
  @JobHandler(EXPORTS_QUEUE, EXPORT_BUILD_JOB)
  async build(job: QueueJob<typeof EXPORTS_QUEUE, typeof EXPORT_BUILD_JOB>): Promise<{ bytes: number }> {
    return { bytes: job.data.exportId };
  }

  @JobHandler(EXPORTS_QUEUE, EXPORT_CLEANUP_JOB)
  async cleanup(): Promise<{ exports: number; files: number }> {
    return { exports: 0, files: 0 };
  }
}

const NO_PUSH: PushOutcome = { delivered: 0, skipped: 0, dropped: 0, retrying: 0 };

class PushHandlers {
  @JobHandler(PUSH_QUEUE, PUSH_ALERT_JOB)
  async alert(): Promise<PushOutcome> {
    return NO_PUSH;
  }

  @JobHandler(PUSH_QUEUE, PUSH_NOTICE_JOB)
  async notice(): Promise<PushOutcome> {
    return NO_PUSH;
  }

  @JobHandler(PUSH_QUEUE, PUSH_DM_JOB)
  async dm(): Promise<PushOutcome> {
    return NO_PUSH;
  }

  @JobHandler(PUSH_QUEUE, PUSH_SEND_JOB)
  async send(): Promise<PushOutcome> {
    return { ...NO_PUSH, delivered: 1 };
  }
}

@Injectable()
class SecondRotation {
  @JobHandler(BOOST_QUEUE, BOOST_ROTATE_JOB)
  rotateToo(): Promise<never> {
    return notRun();
  }
}

/** Boots a module of the given handler providers; returns the processor of each worker it started. */
async function boot(...handlers: Type[]): Promise<Map<QueueName, Processor>> {
  const workers = new Map<QueueName, Processor>();
  const jobs: Pick<JobsService, 'startWorker'> = {
    startWorker: (queue, processor) => {
      workers.set(queue, processor);
      return null;
    },
  };
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [JobHandlerDiscovery, { provide: JobsService, useValue: jobs }, ...handlers],
  }).compile();
  await moduleRef.init();
  await moduleRef.close();
  return workers;
}

const jobNamed = (name: string, data: object = {}) => ({ name, data }) as Job;

describe('job handler discovery', () => {
  it('starts one worker per queue that hands each job to its handler', async () => {
    const workers = await boot(AdminHandlers, BoostHandlers, BillingHandlers, MediaHandlers, HashtagHandlers, MailHandlers, ExportHandlers, PushHandlers);
    expect([...workers.keys()].sort()).toEqual([ADMIN_QUEUE, BILLING_QUEUE, BOOST_QUEUE, MEDIA_QUEUE, HASHTAGS_QUEUE, MAIL_QUEUE, EXPORTS_QUEUE, PUSH_QUEUE].sort());
    await expect(workers.get(BOOST_QUEUE)!(jobNamed(BOOST_ROTATE_JOB))).resolves.toEqual({ expired: 0, activated: 1 });
    await expect(workers.get(ADMIN_QUEUE)!(jobNamed(ADMIN_JOB.orphanDelete, { names: ['a.png'] }))).resolves.toEqual({ deleted: 1, deletedNames: ['a.png'] });
    await expect(workers.get(ADMIN_QUEUE)!(jobNamed(ADMIN_JOB.syncFollowTables))).resolves.toEqual({ followersAdded: 1, followingsAdded: 2 });
    await expect(workers.get(MEDIA_QUEUE)!(jobNamed(MEDIA_VARIANTS_JOB, { storageKey: 'a.png', widths: [320] }))).resolves.toEqual({ widths: [320] });
    await expect(workers.get(HASHTAGS_QUEUE)!(jobNamed(TRENDING_JOB))).resolves.toEqual({ items: [{ tag: 'news', count: 3 }] });
    await expect(workers.get(MAIL_QUEUE)!(jobNamed(MAIL_SEND_JOB, { template: 'password-changed', to: 'a@b.c', username: 'a' }))).resolves.toEqual({ sent: true, messageId: '<password-changed@test>' });
  });

  it("fails a job its queue has no handler for, in that worker's words", async () => {
    const workers = await boot(AdminHandlers, BoostHandlers, BillingHandlers, MediaHandlers, HashtagHandlers, MailHandlers, ExportHandlers, PushHandlers);
    await expect(workers.get(ADMIN_QUEUE)!(jobNamed('no-such-job'))).rejects.toThrow('unknown admin job no-such-job');
    await expect(workers.get(BOOST_QUEUE)!(jobNamed('no-such-job'))).rejects.toThrow('unknown job no-such-job');
  });

  it('refuses to boot when a declared job has no handler', async () => {
    const booting = boot(AdminHandlers, BoostHandlers, MediaHandlers, HashtagHandlers, MailHandlers, ExportHandlers, PushHandlers);
    await expect(booting).rejects.toBeInstanceOf(JobHandlersError);
    await expect(booting).rejects.toThrow(`Job handlers do not match the job map: ${BILLING_QUEUE}/${DOWNGRADE_EXPIRED_JOB} has no handler`);
  });

  it('refuses to boot when a declared job has two handlers', async () => {
    const booting = boot(AdminHandlers, BoostHandlers, BillingHandlers, MediaHandlers, HashtagHandlers, MailHandlers, SecondRotation);
    await expect(booting).rejects.toBeInstanceOf(JobHandlersError);
    await expect(booting).rejects.toThrow(`${BOOST_QUEUE}/${BOOST_ROTATE_JOB} has 2 handlers (BoostHandlers.rotate, SecondRotation.rotateToo)`);
  });
});
