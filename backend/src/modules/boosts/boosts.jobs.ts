import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { BOOST_QUEUE, BOOST_ROTATE_JOB, type BoostRotation } from '@cloud9/contracts';
import { DEFAULT_JOB_OPTIONS, JobsService } from '../../jobs/jobs.module';
import { BoostsService } from './boosts.service';

/** The id of the repeating rotation: upsertJobScheduler keeps one per queue however many instances start. */
export const BOOST_ROTATE_SCHEDULER = 'boosts-rotate-every-minute';
export const BOOST_ROTATE_EVERY_MS = 60_000;
/** How long PATCH /api/boost/rotate waits for its job before answering 202. */
export const BOOST_ROTATE_WAIT_MS = 10_000;

/** The 'boosts' queue: its worker (unless ROLE=api), the repeating rotation and on-demand runs. */
@Injectable()
export class BoostJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('BoostJobs');
  readonly queue: Queue;
  private events: QueueEvents | null = null;

  constructor(
    private readonly jobs: JobsService,
    private readonly boosts: BoostsService,
  ) {
    this.queue = jobs.queue(BOOST_QUEUE);
  }

  onModuleInit(): void {
    this.jobs.startWorker<unknown, BoostRotation>(BOOST_QUEUE, async (job: Job) => {
      if (job.name !== BOOST_ROTATE_JOB) throw new Error(`unknown job ${job.name}`);
      return this.boosts.rotate();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.jobs.produce(() =>
        this.queue.upsertJobScheduler(BOOST_ROTATE_SCHEDULER, { every: BOOST_ROTATE_EVERY_MS }, { name: BOOST_ROTATE_JOB, data: {}, opts: DEFAULT_JOB_OPTIONS }),
      );
    } catch (error) {
      this.logger.warn(`rotation scheduler not registered: ${(error as Error).message}`);
    }
  }

  private async queueEvents(): Promise<QueueEvents> {
    if (!this.events) {
      const events = this.jobs.queueEvents(BOOST_QUEUE);
      await this.jobs.produce(() => events.waitUntilReady());
      this.events = events;
    }
    return this.events;
  }

  /** Enqueues a rotation and waits for it: the result, or null with the job id when it takes too long. */
  async rotateNow(): Promise<{ jobId: string; result: BoostRotation | null }> {
    const events = await this.queueEvents();
    const job = await this.jobs.produce(() => this.queue.add(BOOST_ROTATE_JOB, {}));
    const jobId = String(job.id);
    try {
      const result = (await job.waitUntilFinished(events, BOOST_ROTATE_WAIT_MS)) as BoostRotation;
      return { jobId, result };
    } catch (error) {
      if (/timed out|ttl/i.test((error as Error).message)) return { jobId, result: null };
      throw error;
    }
  }
}
