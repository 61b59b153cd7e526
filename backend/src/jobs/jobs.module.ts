import {
  Global, HttpException, Inject, Injectable, InternalServerErrorException, Logger, Module, OnApplicationShutdown, OnModuleDestroy, ServiceUnavailableException,
} from '@nestjs/common';
import { isNotConnectionError, Job, Processor, Queue, QueueEvents, UnrecoverableError, Worker, type JobsOptions, type WorkerOptions } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { MESSAGES, type AdminJobPending, type AdminJobStatus } from '@cloud9/contracts';
import Redis from 'ioredis';
import { SETTINGS } from '../config/settings.module';
import { Settings } from '../config/settings';
import { withTimeout } from '../common/with-timeout';
import { DEFAULT_JOB_OPTIONS, WORKER_POLICY } from './job-policy';
import { ScheduleKeeper } from './schedule-keeper';

/** How long a producer waits for Redis before answering 503: inside the 1 s that a request may take while Redis is away. */
export const PRODUCER_TIMEOUT_MS = 800;

/**
 * The longest JobsService's shutdown waits for BullMQ to close before it cuts its Redis connections:
 * the process must be gone within 3 s of SIGTERM, whatever state Redis is in.
 */
export const SHUTDOWN_GRACE_MS = 500;

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
 * ROLE=api this instance only produces. Retries, locks and stall detection follow job-policy.ts;
 * repeating schedules are kept registered by a ScheduleKeeper. Shutdown never waits for a job or
 * for a dead Redis: workers stop first (their active job's lock lapses and another worker takes it
 * over), then every connection is cut.
 */
@Injectable()
export class JobsService implements OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, QueueEvents>();
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private producer: Redis | null = null;
  private readonly schedules = new ScheduleKeeper((name) => this.queue(name));
  /** Redis is unreachable: reported once, not by every queue, worker and reconnect attempt. */
  private redisAway = false;

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
    redis.on('error', (error: Error) => this.report('redis', error)); // ioredis reconnects on its own; producers answer 503 meanwhile
    redis.on('ready', () => {
      if (this.redisAway) this.logger.log('Redis is back: jobs resume');
      this.redisAway = false;
    });
    this.connections.push(redis);
    return redis;
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      if (!this.producer) {
        this.producer = this.connect(false);
        // Redis back after an outage may be empty: put the repeating schedules back at once.
        this.producer.on('ready', () => void this.schedules.ensure());
      }
      queue = new Queue(name, { connection: this.producer, prefix: this.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
      queue.on('error', (error) => this.report(`queue ${name}`, error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  queueEvents(name: string): QueueEvents {
    let events = this.events.get(name);
    if (!events) {
      events = new QueueEvents(name, { connection: this.connect(true), prefix: this.prefix });
      events.on('error', (error) => this.report(`queue events ${name}`, error));
      this.events.set(name, events);
    }
    return events;
  }

  /** Starts a worker for `name` unless ROLE=api; returns it (or null). */
  startWorker<T, R>(name: string, processor: Processor<T, R>, options: Partial<WorkerOptions> = {}): Worker<T, R> | null {
    if (!this.runsWorkers) return null;
    const worker = new Worker<T, R>(name, processor, { concurrency: 1, ...WORKER_POLICY, ...options, connection: this.connect(true), prefix: this.prefix });
    worker.on('error', (error) => this.report(`worker ${name}`, error));
    worker.on('failed', (job: Job<T, R> | undefined, error) => this.logger.warn(`job ${name}/${job?.name}#${job?.id} failed: ${error.message}`));
    this.workers.push(worker as unknown as Worker);
    return worker;
  }

  /** Logs a BullMQ or Redis error; losing Redis once per outage. */
  private report(where: string, error: Error): void {
    if (isNotConnectionError(error)) this.logger.warn(`${where}: ${error.message}`);
    else if (!this.redisAway) {
      this.redisAway = true;
      this.logger.warn(`Redis unreachable (${error.message}): jobs wait until it is back`);
    }
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
   * failure (after the retries) a JobFailedError with the reason. Job ids are UUIDs, never BullMQ's
   * counter: a Redis that restarts empty starts its counter again at 1, and an old id would then
   * name someone else's new job.
   */
  async runAndWait<R>(queueName: string, jobName: string, data: object, waitMs: number, opts: JobsOptions = {}): Promise<JobRun<R>> {
    const events = await this.readyEvents(queueName);
    const queue = this.queue(queueName);
    const job = await this.produce(() => queue.add(jobName, data, { jobId: randomUUID(), ...opts }));
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
   * many instances start), and keeps it registered: a Redis that comes back empty gets it again
   * without a restart (ScheduleKeeper). A Redis outage at start is logged, not fatal.
   */
  repeatEvery(queueName: string, schedulerId: string, everyMs: number, jobName: string): Promise<void> {
    return this.schedules.add({ queue: queueName, schedulerId, everyMs, jobName });
  }

  /** Runs a producer call against Redis, or answers 503 when Redis is away. */
  async produce<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await withTimeout(work(), PRODUCER_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn(`producer failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(MESSAGES.http.serviceUnavailable);
    }
  }

  /**
   * First step of shutdown: take no more jobs. Force-closing does not wait for the active job; its
   * lock lapses and another worker takes it over through stall detection (job-policy.ts), which is
   * quicker and safer than holding a SIGTERM for a backup that may take minutes.
   */
  async onModuleDestroy(): Promise<void> {
    this.schedules.stop();
    await this.settle(this.workers.map((w) => w.close(true)));
  }

  /** Last step: queue events and queues closed, then every connection cut (no QUIT to a Redis that may be dead). */
  async onApplicationShutdown(): Promise<void> {
    await this.settle([...[...this.events.values()].map((e) => e.close()), ...[...this.queues.values()].map((q) => q.close())]);
    for (const connection of this.connections) connection.disconnect();
  }

  /** Waits for closing work at most SHUTDOWN_GRACE_MS; what is left is cut with the connections. */
  private async settle(work: Promise<unknown>[]): Promise<void> {
    await withTimeout(Promise.allSettled(work), SHUTDOWN_GRACE_MS).catch(() => undefined);
  }
}

@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
