import {
  Global, HttpException, Inject, Injectable, InternalServerErrorException, Logger, Module, OnApplicationShutdown, ServiceUnavailableException,
} from '@nestjs/common';
import { Job, Processor, Queue, QueueEvents, UnrecoverableError, Worker, type JobsOptions, type WorkerOptions } from 'bullmq';
import { MESSAGES, type AdminJobPending, type AdminJobStatus } from '@cloud9/contracts';
import Redis from 'ioredis';
import { SETTINGS } from '../config/settings.module';
import { Settings } from '../config/settings';
import { withTimeout } from '../common/with-timeout';

/** How long a producer waits for Redis before answering 503 (DESIGN.md, Jobs: fail fast). */
export const PRODUCER_TIMEOUT_MS = 3000;

/** Retries with backoff for every job (jobs are idempotent). */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
};

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

/** A job that failed after all its attempts, for a reason that is not a refusal. */
export class JobFailedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'JobFailedError';
  }
}

/** A failed reason split into the refusal's status (if any) and its message. */
export function parseFailedReason(reason: string | undefined | null): { status: number | null; message: string } {
  const match = /^\[(\d{3})\] ([\s\S]*)$/.exec(reason ?? '');
  return match ? { status: Number(match[1]), message: match[2] } : { status: null, message: reason || 'unknown error' };
}

/** What enqueue-and-wait gives back: the job's result, or null when it is still running after the wait. */
export interface JobRun<R> {
  jobId: string;
  queue: string;
  result: R | null;
}

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

const JOB_STATES: readonly AdminJobStatus['state'][] = ['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized', 'waiting-children', 'unknown'];

/**
 * The one BullMQ setup: queues, queue events and workers on connections made from REDIS_URL, keys
 * under REDIS_PREFIX + 'bull'. Workers start only when ROLE is 'all' (default) or 'worker'; with
 * ROLE=api this instance only produces. Everything is closed at application shutdown.
 */
@Injectable()
export class JobsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, QueueEvents>();
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private producer: Redis | null = null;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  get prefix(): string {
    return `${this.settings.redisPrefix}bull`;
  }

  /** Whether this instance runs job processors. */
  get runsWorkers(): boolean {
    return this.settings.role !== 'api';
  }

  private connect(blocking: boolean): Redis {
    const redis = new Redis(this.settings.redisUrl, {
      // Blocking connections (workers, queue events) must retry forever; producers fail fast.
      maxRetriesPerRequest: blocking ? null : 1,
      connectTimeout: 5000,
    });
    redis.on('error', () => undefined); // ioredis reconnects on its own; producers answer 503 meanwhile
    this.connections.push(redis);
    return redis;
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      this.producer ??= this.connect(false);
      queue = new Queue(name, { connection: this.producer, prefix: this.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
      queue.on('error', (error) => this.logger.warn(`queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  queueEvents(name: string): QueueEvents {
    let events = this.events.get(name);
    if (!events) {
      events = new QueueEvents(name, { connection: this.connect(true), prefix: this.prefix });
      events.on('error', (error) => this.logger.warn(`queue events ${name}: ${error.message}`));
      this.events.set(name, events);
    }
    return events;
  }

  /** Starts a worker for `name` unless ROLE=api; returns it (or null). */
  startWorker<T, R>(name: string, processor: Processor<T, R>, options: Partial<WorkerOptions> = {}): Worker<T, R> | null {
    if (!this.runsWorkers) return null;
    const worker = new Worker<T, R>(name, processor, { concurrency: 1, ...options, connection: this.connect(true), prefix: this.prefix });
    worker.on('error', (error) => this.logger.warn(`worker ${name}: ${error.message}`));
    worker.on('failed', (job: Job<T, R> | undefined, error) => this.logger.warn(`job ${name}/${job?.name}#${job?.id} failed: ${error.message}`));
    this.workers.push(worker as unknown as Worker);
    return worker;
  }

  /** Queue events of `name`, ready to deliver (503 when Redis does not answer). */
  private async readyEvents(name: string): Promise<QueueEvents> {
    const events = this.queueEvents(name);
    await this.produce(() => events.waitUntilReady());
    return events;
  }

  /**
   * Enqueues a job and waits up to `waitMs` for it: its result, or `result: null` with the job id
   * when it is still running (the caller answers 202). A refusal becomes its HttpException; any other
   * failure (after the retries) a JobFailedError with the reason.
   */
  async runAndWait<R>(queueName: string, jobName: string, data: object, waitMs: number, opts: JobsOptions = {}): Promise<JobRun<R>> {
    const events = await this.readyEvents(queueName);
    const queue = this.queue(queueName);
    const job = await this.produce(() => queue.add(jobName, data, opts));
    const jobId = String(job.id);
    if (waitMs <= 0) return { jobId, queue: queueName, result: null };
    try {
      const result = (await job.waitUntilFinished(events, waitMs)) as R;
      return { jobId, queue: queueName, result };
    } catch (error) {
      const message = (error as Error).message;
      // BullMQ's own words when the wait ran out (the job goes on).
      if (message === `Job wait ${jobName} timed out before finishing, no finish notification arrived after ${waitMs}ms (id=${jobId})`) {
        return { jobId, queue: queueName, result: null };
      }
      const { status, message: reason } = parseFailedReason(message);
      if (status !== null) throw new HttpException(reason, status);
      throw new JobFailedError(reason);
    }
  }

  /** State, progress, result and error of one job, or null when the queue holds no such job. */
  async status(queueName: string, jobId: string): Promise<AdminJobStatus | null> {
    const queue = this.queue(queueName);
    const job = await this.produce(() => queue.getJob(jobId));
    if (!job) return null;
    const state = await this.produce(() => job.getState());
    const progress = typeof job.progress === 'number' ? Math.max(0, Math.min(100, job.progress)) : 0;
    return {
      jobId: String(job.id),
      queue: queueName,
      name: job.name,
      state: JOB_STATES.includes(state as AdminJobStatus['state']) ? (state as AdminJobStatus['state']) : 'unknown',
      progress: state === 'completed' ? 100 : progress,
      result: state === 'completed' ? (job.returnvalue ?? null) : null,
      error: job.failedReason ? parseFailedReason(job.failedReason).message : null,
    };
  }

  /**
   * Registers a repeating job under a fixed scheduler id (upsertJobScheduler: one per queue however
   * many instances start). A Redis outage at start is logged, not fatal: the next start registers it.
   */
  async repeatEvery(queueName: string, schedulerId: string, everyMs: number, jobName: string): Promise<void> {
    try {
      await this.produce(() => this.queue(queueName).upsertJobScheduler(schedulerId, { every: everyMs }, { name: jobName, data: {}, opts: DEFAULT_JOB_OPTIONS }));
    } catch (error) {
      this.logger.warn(`scheduler ${schedulerId} not registered: ${(error as Error).message}`);
    }
  }

  /** Runs a producer call against Redis, or answers 503 when Redis is away. */
  async produce<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(work(), PRODUCER_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn(`producer failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException('The job queue is unavailable. Try again later.');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const settle = (work: Promise<unknown>) => withTimeout(work, 5000).catch(() => undefined);
    await Promise.all(this.workers.map((w) => settle(w.close())));
    await Promise.all([...this.events.values()].map((e) => settle(e.close())));
    await Promise.all([...this.queues.values()].map((q) => settle(q.close())));
    await Promise.all(this.connections.map((c) => settle(c.quit()).finally(() => c.disconnect())));
  }
}

@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
