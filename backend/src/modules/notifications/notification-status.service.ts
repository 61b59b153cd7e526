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

  async markSeen(userId: number, kind: NotificationSeenKind): Promise<{ success: true } & NotificationStatus> {
    await this.notifications.markSeen(userId, kind);
    return { success: true, ...(await this.status(userId)) };
  }
}
