import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { withTimeout } from '../with-timeout';

/** A scrape never waits longer than this for the queue counts (a silent Redis must not hang it). */
const QUEUE_SCRAPE_TIMEOUT_MS = 1000;

/** One queue's job counts by state, as BullMQ reports them. */
export type QueueCounts = { queue: string } & Record<'waiting' | 'active' | 'delayed' | 'failed' | 'completed' | 'prioritized', number>;

/** The pg pool's state at scrape time. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * The app's Prometheus metrics, one registry per app (tests boot several in one process). Owners
 * count at their choke points (HTTP middleware, RealtimeService, RateLimitsService, job workers,
 * the pool wrapper, Redis error handlers); what is a state rather than an event (open sockets,
 * pool use, queue counts) is read from its owner at scrape time. What each metric means, and the
 * alerts to set on it: docs/operations.md.
 */
@Injectable()
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, from arrival to the last byte (status 499: the client went away first)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly hotReads = new Counter({
    name: 'http_hot_reads_total',
    help: 'GETs taken by the lighter path (answered without the session middleware, router and Nest layers; its errors included), by route template',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  readonly socketEventsPushed = new Counter({
    name: 'socketio_events_pushed_total',
    help: 'Live events pushed by this instance, by event name (one per emit, however many sockets receive it)',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'bullmq_job_duration_seconds',
    help: 'Jobs run by this instance, by queue, job and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 by an anti-automation limit, by rule',
    labelNames: ['rule'] as const,
    registers: [this.registry],
  });

  readonly redisErrors = new Counter({
    name: 'redis_errors_total',
    help: 'Errors reported by this instance’s Redis connections (lost, refused, timed out), by client: shared, jobs, socket-adapter',
    labelNames: ['client'] as const,
    registers: [this.registry],
  });

  readonly poolAcquire = new Histogram({
    name: 'pg_pool_acquire_duration_seconds',
    help: 'Time to get a PostgreSQL connection from a pool (main, or reads: the hot reads), by outcome (ok, or error: none within DATABASE_CONNECT_TIMEOUT_MS, or the server away)',
    labelNames: ['pool', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly statementTimeouts = new Counter({
    name: 'pg_statement_timeouts_total',
    help: 'Statements PostgreSQL stopped at their statement_timeout (SQLSTATE 57014), by where they ran: request (answered 503; DATABASE_STATEMENT_TIMEOUT_MS) or job (failed, retried; DATABASE_JOB_STATEMENT_TIMEOUT_MS)',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  private socketCount: () => number = () => 0;
  private readonly poolUse = new Map<string, () => PoolUse>();
  private queueCounts: () => Promise<QueueCounts[]> = () => Promise.resolve([]);
  /** The scrape in progress: the queue gauges share one read of Redis. */
  private queueRead: Promise<QueueCounts[] | null> | null = null;

  private readonly openSockets: Gauge = new Gauge({
    name: 'socketio_connected_sockets',
    help: 'Signed-in Socket.IO connections open on this instance',
    registers: [this.registry],
    collect: () => this.openSockets.set(this.socketCount()),
  });

  private readonly poolConnections: Gauge<'pool' | 'state'> = new Gauge({
    name: 'pg_pool_connections',
    help: 'PostgreSQL pools of this instance (main, or reads: the hot reads): total connections, idle ones, and queries waiting for one',
    labelNames: ['pool', 'state'] as const,
    registers: [this.registry],
    collect: () => {
      for (const [pool, read] of this.poolUse) {
        const use = read();
        this.poolConnections.set({ pool, state: 'total' }, use.total);
        this.poolConnections.set({ pool, state: 'idle' }, use.idle);
        this.poolConnections.set({ pool, state: 'waiting' }, use.waiting);
      }
    },
  });

  private readonly queueJobs: Gauge<'queue' | 'state'> = new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs in each BullMQ queue by state (read from Redis at scrape time; absent when Redis did not answer)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
    collect: async () => {
      const counts = await this.readQueues();
      this.queueJobs.reset();
      for (const c of counts ?? []) for (const state of QUEUE_STATES) this.queueJobs.set({ queue: c.queue, state }, c[state]);
    },
  });

  private readonly queueScrapeOk: Gauge = new Gauge({
    name: 'bullmq_queue_scrape_ok',
    help: `1 when the queue counts were read at this scrape, 0 when Redis did not answer within ${QUEUE_SCRAPE_TIMEOUT_MS} ms`,
    registers: [this.registry],
    collect: async () => this.queueScrapeOk.set((await this.readQueues()) ? 1 : 0),
  });

  constructor(@Inject(SETTINGS) settings: Settings) {
    // Node's own (CPU, memory, event loop lag, GC, handles) only where someone scrapes.
    if (settings.metricsPort || settings.metricsToken) collectDefaultMetrics({ register: this.registry });
  }

  /** Where the open sockets are counted (the realtime server). */
  countSocketsWith(source: () => number): void {
    this.socketCount = source;
  }

  /** Where a pool's use is read (the database layer). */
  readPoolWith(pool: string, source: () => PoolUse): void {
    this.poolUse.set(pool, source);
  }

  /** Where the queue counts are read (the jobs layer); bounded by QUEUE_SCRAPE_TIMEOUT_MS at each scrape. */
  countQueuesWith(source: () => Promise<QueueCounts[]>): void {
    this.queueCounts = source;
  }

  /** The text a Prometheus scrape gets. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private readQueues(): Promise<QueueCounts[] | null> {
    this.queueRead ??= withTimeout(this.queueCounts(), QUEUE_SCRAPE_TIMEOUT_MS)
      .catch(() => null)
      .finally(() => setImmediate(() => (this.queueRead = null)));
    return this.queueRead;
  }
}
