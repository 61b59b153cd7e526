import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { SocketEvents, type AlertSync } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { RealtimeService } from '../realtime/realtime.service';
import type { AlertSyncRow } from './notifications.sql';
import { NotificationsRepository } from './notifications.repository';

/**
 * How often each instance looks for newly committed alerts. With the client's catch-up, a dot lights
 * at most this long (plus one query) after the commit, well inside the 10 s contract.
 */
export const ALERT_SYNC_EVERY_MS = 3000;
/**
 * How long an id missing from a sweep is looked for again: an id is taken when its INSERT runs and
 * becomes visible at COMMIT, so a lower id can appear after a higher one. Transactions here last
 * milliseconds; a minute covers any that commit at all.
 */
const ALERT_GAP_TTL_MS = 60_000;
/** Rows per sweep (a backlog after a database outage is read over the next sweeps). */
const SWEEP_ROWS = 5000;
/** More missing ids than this in one step is a jump of the sequence (a restore), not transactions in flight. */
const MAX_NEW_GAPS = 10_000;

/**
 * Alerts reach the client even when their push does not: no alert is ever lost to a socket. `alert:new` goes through the Redis adapter after the commit; if Redis dies, or the push
 * is lost anywhere, a socket that stays connected would never hear of it. So every instance serving
 * sockets sweeps, every ALERT_SYNC_EVERY_MS, the alerts committed since its last sweep (one query
 * along the primary key, tracking ids that were still uncommitted), and sends each recipient that
 * has a socket on this instance `alert:sync` with their newest one, locally (no Redis). The client
 * compares it with the newest alert it knows and catches up only when it missed something.
 *
 * Cost: one indexed query per instance per sweep, whatever the number of sockets; one small frame
 * per alert to its recipient's sockets; a REST call only from a client that missed a push.
 */
@Injectable()
export class AlertSyncService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AlertSync');
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private sweeping: Promise<void> | null = null;
  /** The highest alert id seen (null until the first sweep). */
  private lastId: number | null = null;
  /** Ids below lastId not seen yet (uncommitted at the time), with when they were first missed. */
  private readonly gaps = new Map<number, number>();
  /** One warning per database outage, not one per sweep. */
  private failing = false;

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly realtime: RealtimeService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    // A worker holds no sockets.
    if (this.settings.role === 'worker') return;
    this.timer = setInterval(() => void this.sweep(), ALERT_SYNC_EVERY_MS).unref();
    void this.sweep();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep at a time; a failed one (database away) is retried by the next, from where it stood. */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce()
      .then(
        () => (this.failing = false),
        (error: Error) => {
          if (!this.failing) this.logger.warn(`alert sync paused: ${error.message}`);
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
      // Sockets that connect fetch their status; only alerts from now on need announcing.
      this.lastId = await this.notifications.newestAlertId();
      return;
    }
    const rows = await this.notifications.alertsSince(this.lastId, [...this.gaps.keys()], SWEEP_ROWS);
    this.track(rows);
    // An alert its recipient does not see (alertShownSql) is no news to them.
    for (const [recipientId, sync] of newestPerRecipient(rows.filter((r) => r.shown))) this.realtime.toLocalUser(recipientId, SocketEvents.alertSync, sync);
  }

  /** Moves lastId past the new rows and remembers the ids skipped on the way (still uncommitted). */
  private track(rows: AlertSyncRow[]): void {
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
    for (const [id, since] of this.gaps) if (now - since > ALERT_GAP_TTL_MS) this.gaps.delete(id);
  }
}

/** Each recipient's newest alert among `rows` (by creation time, then id, as the alert list orders them). */
function newestPerRecipient(rows: AlertSyncRow[]): Map<number, AlertSync> {
  const newest = new Map<number, AlertSyncRow>();
  for (const row of rows) {
    const best = newest.get(row.recipient_id);
    const later = !best || row.created_at.getTime() > best.created_at.getTime() || (row.created_at.getTime() === best.created_at.getTime() && row.id > best.id);
    if (later) newest.set(row.recipient_id, row);
  }
  return new Map([...newest].map(([recipientId, row]) => [recipientId, { latestAlertId: row.id, latestAlertAt: row.created_at.toISOString() }]));
}
