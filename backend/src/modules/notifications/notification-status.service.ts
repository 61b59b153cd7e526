import { Injectable, UnauthorizedException } from '@nestjs/common';
import { MESSAGES, type NotificationSeenKind, type NotificationStatus } from '@cloud9/contracts';
import { NotificationsRepository } from './notifications.repository';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The notification dots' state on the server (per user, so it follows them across devices). */
@Injectable()
export class NotificationStatusService {
  constructor(private readonly notifications: NotificationsRepository) {}

  async status(userId: number): Promise<NotificationStatus> {
    const row = await this.notifications.status(userId);
    // No row: the account was deleted while this request was in flight.
    if (!row) throw new UnauthorizedException(MESSAGES.auth.notSignedIn);
    return {
      latestUserAlert: iso(row.latest_alert),
      latestSystemNotice: iso(row.latest_notice),
      lastSeenUserAlerts: iso(row.alerts_seen_at),
      lastSeenSystemNotices: iso(row.notices_seen_at),
    };
  }

  /** Each member's unseen alert count, at most 99 (the figure a push carries: decision 0096). */
  async unseenAlerts(userIds: number[]): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.notifications.unseenCounts(userIds);
    return new Map(rows.map((r) => [r.user_id, r.unseen]));
  }

  async markSeen(userId: number, kind: NotificationSeenKind): Promise<{ success: true } & NotificationStatus> {
    await this.notifications.markSeen(userId, kind);
    return { success: true, ...(await this.status(userId)) };
  }
}
