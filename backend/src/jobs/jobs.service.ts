import { BeforeApplicationShutdown, HttpException, Inject, Injectable, Logger, OnApplicationShutdown, OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { isNotConnectionError, Job, Processor, Queue, QueueEvents, Worker, type JobsOptions } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { MESSAGES, type AdminJobStatus, type AdminQueueCounts } from '@cloud9/contracts';
import Redis from 'ioredis';
import { SETTINGS } from '../config/settings.module';
import { Settings } from '../config/settings';
import { withTimeout } from '../common/with-timeout';
import { isStatementTimeout } from '../common/db/statement-limits';
import { Readiness } from '../common/readiness';
import { AppMetrics, type QueueCounts } from '../common/metrics/app-metrics';
import { JobFailedError, parseFailedReason } from './job-errors';
import { DECLARED_JOBS, type EmptyDataJobName, type JobData, type JobName, type JobResult, type QueueJob, type QueueName } from './job-map';
import { DEFAULT_JOB_OPTIONS, WORKER_POLICY } from './job-policy';
import { ScheduleKeeper } from './schedule-keeper';

/** How long a producer waits for Redis before answering 503: inside the 1 s that a request may take while Redis is away. */
const PRODUCER_TIMEOUT_MS = 800;

/**
 * The longest JobsService's shutdown waits for BullMQ to close before it cuts its Redis connections:
 * the process must be gone within 3 s of SIGTERM, whatever state Redis is in.
 */
const SHUTDOWN_GRACE_MS = 500;

/** The share of what is left of SHUTDOWN_TIMEOUT_MS after the drain delay that active jobs get to finish before they are handed back. */
const FINISH_SHARE = 0.25;

/** What enqueue-and-wait gives back: the job's result, or null when it is still running after the wait. */
export interface JobRun<R> {
  jobId: string;
  queue: string;
  result: R | null;
}

const JOB_STATES: readonly AdminJobStatus['state'][] = ['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized', 'waiting-children', 'unknown'];

/**
 * The one BullMQ setup: queues, queue events and workers on connections made from REDIS_URL, keys
 * under REDIS_PREFIX + 'bull'. Workers start only when ROLE is 'all' (default) or 'worker'; with
 * ROLE=api this instance only produces. Retries, locks and stall detection follow job-policy.ts;
 * repeating schedules are kept registered by a ScheduleKeeper. Shutdown never waits long for a job or
 * for a dead Redis: workers stop taking jobs first, an active job gets a moment to finish and is
 * otherwise handed back to the queue (another worker starts it at once), then every connection is cut.
 */
@Injectable()
export class JobsService implements OnModuleDestroy, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, QueueEvents>();
  private readonly workers: Worker[] = [];
  /** The jobs this instance's workers are running, with the lock token that lets it hand them back. */
  private readonly active = new Map<Job, string>();
  private readonly connections: Redis[] = [];
  private producer: Redis | null = null;
  private readonly schedules = new ScheduleKeeper((name) => this.queue(name));
  /** The workers' closing, begun at shutdown, awaited before the connections go. */
  private closingWorkers: Promise<void> = Promise.resolve();
  /** Redis is unreachable: reported once, not by every queue, worker and reconnect attempt. */
  private redisAway = false;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly metrics: AppMetrics,
    private readonly readiness: Readiness,
  ) {
    metrics.countQueuesWith(() => this.countsForMetrics());
  }

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
    redis.on('error', (error: Error) => {
      this.metrics.redisErrors.inc({ client: 'jobs' });
      this.report('redis', error); // ioredis reconnects on its own; producers answer 503 meanwhile
    });
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

  /** Starts the worker of queue `name` unless ROLE=api; returns it (or null). */
  startWorker(name: QueueName, processor: Processor): Worker | null {
    if (!this.runsWorkers) return null;
    const worker = new Worker(name, this.timed(name, processor), { concurrency: 1, ...WORKER_POLICY, connection: this.connect(true), prefix: this.prefix });
    worker.on('error', (error) => this.report(`worker ${name}`, error));
    worker.on('failed', (job: Job | undefined, error) => this.logger.warn(`job ${name}/${job?.name}#${job?.id} failed: ${error.message}`));
    this.workers.push(worker);
    return worker;
  }

  /**
   * The processor, timed into bullmq_job_duration_seconds by job name (names outside the job map
   * count as one), and its job kept in `active` while it runs (to be handed back at shutdown).
   */
  private timed(queue: QueueName, processor: Processor): Processor {
    const known = DECLARED_JOBS[queue] as Record<string, true>;
    return async (job: Job, token?: string, ...rest) => {
      const end = this.metrics.jobDuration.startTimer({ queue, job: known[job.name] ? job.name : '(unknown)' });
      if (token) this.active.set(job, token);
      try {
        const result: unknown = await processor(job, token, ...rest);
        end({ outcome: 'completed' });
        return result;
      } catch (error) {
        end({ outcome: 'failed' });
        if (isStatementTimeout(error)) this.metrics.statementTimeouts.inc({ source: 'job' });
        throw error;
      } finally {
        this.active.delete(job);
      }
    };
  }

  /** Every declared queue's counts, for a scrape (which bounds the wait; no 503, no log line). */
  private countsForMetrics(): Promise<QueueCounts[]> {
    return Promise.all(
      Object.keys(DECLARED_JOBS).map(async (queue) => {
        const c = await this.queue(queue).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed');
        return { queue, waiting: c.waiting ?? 0, prioritized: c.prioritized ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0, completed: c.completed ?? 0 };
      }),
    );
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
   * Enqueues job `jobName` of `queueName` (503 when Redis does not answer). Job ids are UUIDs, never
   * BullMQ's counter: a Redis that restarts empty starts its counter again at 1, and an old id would
   * then name someone else's new job.
   */
  async add<Q extends QueueName, N extends JobName<Q>>(queueName: Q, jobName: N, data: JobData<Q, N>, opts: JobsOptions = {}): Promise<QueueJob<Q, N>> {
    const queue = this.queue(queueName);
    const job = await this.produce(() => queue.add(jobName, data, { jobId: randomUUID(), ...opts }));
    // The queue is BullMQ's untyped one; the job map is what types its jobs.
    return job as QueueJob<Q, N>;
  }

  /**
   * Enqueues a job and waits up to `waitMs` for it: its result, or `result: null` with the job id
   * when it is still running (the caller answers 202). A refusal becomes its HttpException; any other
   * failure (after the retries) a JobFailedError with the reason.
   */
  async runAndWait<Q extends QueueName, N extends JobName<Q>>(
    queueName: Q,
    jobName: N,
    data: JobData<Q, N>,
    waitMs: number,
    opts: JobsOptions = {},
  ): Promise<JobRun<JobResult<Q, N>>> {
    const events = await this.readyEvents(queueName);
    const job = await this.add(queueName, jobName, data, opts);
    const jobId = String(job.id);
    if (waitMs <= 0 || this.readiness.stopping) return { jobId, queue: queueName, result: null };
    try {
      // A stopping instance (past its drain delay) stops waiting (the request would be cut): the caller answers 202 and the client polls another instance.
      const stopped = this.readiness.stopped.then(() => Promise.reject(new Error('stopping')));
      return { jobId, queue: queueName, result: await Promise.race([job.waitUntilFinished(events, waitMs), stopped]) };
    } catch {
      // The wait ended without the job's result (ran out, or broke off): its state in Redis says how it stands.
      return { jobId, queue: queueName, result: await this.outcome(job) };
    }
  }

  /**
   * A job's result once it completed; its refusal (as its HttpException) or failure (JobFailedError)
   * once it failed; null while it is still waiting, running or retrying, or when Redis cannot tell:
   * the job is enqueued either way, so the caller answers 202 with its id to poll.
   */
  private async outcome<R>(job: Job<unknown, R>): Promise<R | null> {
    const finished = await this.finished(job).catch((error: Error) => {
      this.logger.warn(`state of job ${job.queueName}#${job.id} unknown after its wait: ${error.message}`);
      return null;
    });
    if (!finished) return null;
    if (finished.state === 'completed') return finished.job.returnvalue;
    const { status, message: reason } = parseFailedReason(finished.job.failedReason);
    throw status !== null ? new HttpException(reason, status) : new JobFailedError(reason);
  }

  /** The job as Redis holds it once it completed or failed for good; null before. */
  private async finished<R>(job: Job<unknown, R>): Promise<{ state: 'completed' | 'failed'; job: Job<unknown, R> } | null> {
    const state = await withTimeout(job.getState(), PRODUCER_TIMEOUT_MS);
    if (state !== 'completed' && state !== 'failed') return null;
    // Read it again: the job in hand was made before it ran, without its result or failed reason.
    const stored = await withTimeout(this.queue(job.queueName).getJob(String(job.id)), PRODUCER_TIMEOUT_MS);
    return stored ? { state, job: stored } : null;
  }

  /** How many jobs of the queue are waiting, running, delayed, failed and completed (BullMQ keeps the last few of the last two). */
  async counts(queueName: string): Promise<AdminQueueCounts> {
    const c = await this.produce(() => this.queue(queueName).getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'));
    return {
      queue: queueName,
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      active: c.active ?? 0,
      delayed: c.delayed ?? 0,
      failed: c.failed ?? 0,
      completed: c.completed ?? 0,
    };
  }

  /** State, progress, result and error of one job, or null when the queue holds no such job. */
  async status(queueName: string, jobId: string): Promise<AdminJobStatus | null> {
    const queue = this.queue(queueName);
    // The state first, then the job: a job read before it completed and a state read after would
    // answer 'completed' without its result.
    const state = await this.produce(() => queue.getJobState(jobId));
    const job = await this.produce(() => queue.getJob(jobId));
    if (!job) return null;
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
  repeatEvery<Q extends QueueName>(queueName: Q, schedulerId: string, everyMs: number, jobName: EmptyDataJobName<Q>): Promise<void> {
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
   * This instance stops putting back repeating schedules that Redis no longer has (at shutdown; or an
   * operator, or a test, that removes a schedule to drive its job by hand).
   */
  stopKeepingSchedules(): void {
    this.schedules.stop();
  }

  /**
   * First step of shutdown (after the drain delay): take no more jobs, and give the active ones a part
   * of what is left of SHUTDOWN_TIMEOUT_MS to finish, alongside the rest of the shutdown (the sockets and HTTP
   * connections close meanwhile). Those still running are handed back (moved to wait under their
   * lock token, no attempt spent) so another worker starts them at once instead of after the lock
   * lapses (stall detection, job-policy.ts; still the path after a SIGKILL), and their processors
   * are told to stop (the abort signal). A job that finishes here after all is refused by its lost
   * lock; running twice is safe (every job is idempotent). Never holds a SIGTERM for a backup that
   * may take minutes.
   */
  onModuleDestroy(): void {
    this.stopKeepingSchedules();
    this.closingWorkers = this.closeWorkers();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.closingWorkers;
  }

  private async closeWorkers(): Promise<void> {
    const finished = Promise.allSettled(this.workers.map((w) => w.close()));
    await withTimeout(finished, this.readiness.shutdownLeftMs(this.settings.shutdownTimeoutMs) * FINISH_SHARE).catch(() => undefined);
    const running = [...this.active];
    if (running.length === 0) return;
    this.logger.log(`handing back ${running.length} running job(s): ${running.map(([job]) => `${job.queueName}/${job.name}#${job.id}`).join(', ')}`);
    await this.settle(running.map(([job, token]) => job.moveToWait(token)));
    for (const worker of this.workers) worker.cancelAllJobs('shutdown');
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
