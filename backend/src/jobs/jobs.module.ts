import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { Job, Processor, Queue, QueueEvents, Worker, type JobsOptions, type WorkerOptions } from 'bullmq';
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
