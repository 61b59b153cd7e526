import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';

/**
 * How long an id missing from a sweep is looked for again: an id is taken when its INSERT runs and
 * becomes visible at COMMIT, so a lower id can appear after a higher one. Transactions here last
 * milliseconds; a minute covers any that commit at all.
 */
const GAP_TTL_MS = 60_000;
/** More missing ids than this in one step is a jump of the sequence (a restore), not transactions in flight. */
const MAX_NEW_GAPS = 10_000;

/**
 * Follows the rows of one table as they commit, by id, and announces them to this instance's own
 * sockets: whatever happened to their push (Redis away, a lost emit), a socket that stays connected
 * hears of every row. Every `everyMs` it reads the rows committed since its last sweep (along the
 * primary key, with the ids that were still uncommitted last time), one sweep at a time; a failed
 * sweep (database away) is retried by the next, from where it stood. A worker holds no sockets and
 * does not sweep. Subclasses say how to read and what to announce (AlertSyncService, DmSyncService).
 */
export abstract class CommitSweeper<Row extends { id: number }> implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private sweeping: Promise<void> | null = null;
  /** The highest id seen (null until the first sweep). */
  private lastId: number | null = null;
  /** Ids below lastId not seen yet (uncommitted at the time), with when they were first missed. */
  private readonly gaps = new Map<number, number>();
  /** One warning per database outage, not one per sweep. */
  private failing = false;

  protected constructor(
    private readonly logger: Logger,
    private readonly everyMs: number,
    private readonly sweepsOnThisRole: boolean,
  ) {}

  /** The newest id now: rows up to it are not announced (sockets that connect catch up themselves). */
  protected abstract newestId(): Promise<number>;
  /** Rows above `lastId` and the listed missing ids, in id order, at most `take`. */
  protected abstract rowsSince(lastId: number, missingIds: number[], take: number): Promise<Row[]>;
  /** Tells this instance's sockets of the new rows. */
  protected abstract announce(rows: Row[]): void | Promise<void>;

  /** Rows per sweep (a backlog after a database outage is read over the next sweeps). */
  protected readonly sweepRows: number = 5000;

  onApplicationBootstrap(): void {
    if (!this.sweepsOnThisRole) return;
    this.timer = setInterval(() => void this.sweep(), this.everyMs).unref();
    void this.sweep();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce()
      .then(
        () => (this.failing = false),
        (error: Error) => {
          if (!this.failing) this.logger.warn(`sync paused: ${error.message}`);
          this.failing = true;
        },
      )
      .then(() => undefined)
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    if (this.stopped) return;
    if (this.lastId === null) {
      this.lastId = await this.newestId();
      return;
    }
    const rows = await this.rowsSince(this.lastId, [...this.gaps.keys()], this.sweepRows);
    this.track(rows);
    await this.announce(rows);
  }

  /** Moves lastId past the new rows and remembers the ids skipped on the way (still uncommitted). */
  private track(rows: Row[]): void {
    const now = Date.now();
    const from = this.lastId!;
    const seen = new Set<number>();
    let highest = from;
    for (const { id } of rows) {
      seen.add(id);
      this.gaps.delete(id);
      if (id > highest) highest = id;
    }
    if (highest - from - seen.size <= MAX_NEW_GAPS) {
      for (let id = from + 1; id < highest; id++) if (!seen.has(id)) this.gaps.set(id, now);
    }
    this.lastId = highest;
    for (const [id, since] of this.gaps) if (now - since > GAP_TTL_MS) this.gaps.delete(id);
  }
}
