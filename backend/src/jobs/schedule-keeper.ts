import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { withTimeout } from '../common/with-timeout';
import { DEFAULT_JOB_OPTIONS } from './job-policy';

/**
 * How often each instance checks that its repeating schedules still exist in Redis. A Redis that
 * restarts empty is caught at once (on reconnect); this catches one emptied without a restart
 * (FLUSHALL, a failover to an empty replica). Two reads per schedule per check: negligible.
 */
const SCHEDULE_CHECK_MS = 10_000;

export interface RepeatingSchedule {
  queue: string;
  schedulerId: string;
  everyMs: number;
  jobName: string;
}

/** The longest one Redis call of a check may take (a silent Redis must not stall the checks). */
const CALL_TIMEOUT_MS = 3000;

/**
 * Keeps the repeating schedules (boost rotation, billing sweep) registered in Redis without a
 * restart. `add` registers a schedule at start (an upsert, so a changed interval or job options
 * replace the old ones); `ensure` re-registers any that Redis no longer has, on every (re)connect
 * of the producer connection and every SCHEDULE_CHECK_MS. Registration is an upsert under a fixed
 * scheduler id, so instances that do it at the same time still make one schedule.
 */
export class ScheduleKeeper {
  private readonly logger = new Logger('Jobs');
  private readonly schedules = new Map<string, RepeatingSchedule>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** One warning per outage, not one per check. */
  private failing = false;

  constructor(private readonly queueOf: (name: string) => Queue) {}

  /** Remembers a schedule and registers it now; a Redis outage at start is logged, and a later check registers it. */
  async add(schedule: RepeatingSchedule): Promise<void> {
    this.schedules.set(`${schedule.queue}/${schedule.schedulerId}`, schedule);
    this.timer ??= setInterval(() => void this.ensure(), SCHEDULE_CHECK_MS).unref();
    try {
      await this.register(schedule);
    } catch (error) {
      this.warn(schedule, error);
    }
  }

  /** Registers every remembered schedule Redis does not have; one pass at a time. */
  ensure(): Promise<void> {
    this.running ??= this.ensureAll().finally(() => (this.running = null));
    return this.running;
  }

  /** Forgets every schedule: nothing is registered again, by the timer or by a reconnect. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.schedules.clear();
  }

  private async ensureAll(): Promise<void> {
    for (const s of this.schedules.values()) {
      try {
        if (await withTimeout(this.queueOf(s.queue).getJobScheduler(s.schedulerId), CALL_TIMEOUT_MS)) continue;
        await this.register(s);
        this.logger.log(`scheduler ${s.schedulerId} was missing from Redis: registered again`);
      } catch (error) {
        this.warn(s, error);
        return;
      }
    }
    this.failing = false;
  }

  private register(s: RepeatingSchedule): Promise<unknown> {
    const queue = this.queueOf(s.queue);
    return withTimeout(queue.upsertJobScheduler(s.schedulerId, { every: s.everyMs }, { name: s.jobName, data: {}, opts: DEFAULT_JOB_OPTIONS }), CALL_TIMEOUT_MS);
  }

  private warn(s: RepeatingSchedule, error: unknown): void {
    if (!this.failing) this.logger.warn(`scheduler ${s.schedulerId} not registered yet (${(error as Error).message}); checking again`);
    this.failing = true;
  }
}
