import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommitSweeper } from '../../common/db/commit-sweeper';
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
 * Alerts reach the client even when their push does not: no alert is ever lost to a socket. `alert:new` goes through the Redis adapter after the commit; if Redis dies, or the push
 * is lost anywhere, a socket that stays connected would never hear of it. So every instance serving
 * sockets sweeps, every ALERT_SYNC_EVERY_MS, the alerts committed since its last sweep (CommitSweeper),
 * and sends each recipient that has a socket on this instance `alert:sync` with their newest one,
 * locally (no Redis). The client compares it with the newest alert it knows and catches up only when
 * it missed something.
 *
 * Cost: one indexed query per instance per sweep, whatever the number of sockets; one small frame
 * per alert to its recipient's sockets; a REST call only from a client that missed a push.
 */
@Injectable()
export class AlertSyncService extends CommitSweeper<AlertSyncRow> {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly realtime: RealtimeService,
    @Inject(SETTINGS) settings: Settings,
  ) {
    super(new Logger('AlertSync'), ALERT_SYNC_EVERY_MS, settings.role !== 'worker');
  }

  protected newestId(): Promise<number> {
    return this.notifications.newestAlertId();
  }

  protected rowsSince(lastId: number, missingIds: number[], take: number): Promise<AlertSyncRow[]> {
    return this.notifications.alertsSince(lastId, missingIds, take);
  }

  /** An alert its recipient does not see (alertShownSql) is no news to them. */
  protected announce(rows: AlertSyncRow[]): void {
    for (const [recipientId, sync] of newestPerRecipient(rows.filter((r) => r.shown))) this.realtime.toLocalUser(recipientId, SocketEvents.alertSync, sync);
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
