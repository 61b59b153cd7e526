import { Injectable } from '@nestjs/common';
import type { NotificationSeenKind, NotificationStatus } from '@cloud9/contracts';
import { SqlService } from '../../common/db/sql.service';
import { SEEN_SQL, STATUS_SQL, type StatusRow } from './notifications.sql';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The notification dots' state on the server (per user, so it follows them across devices). */
@Injectable()
export class NotificationStatusService {
  constructor(private readonly sql: SqlService) {}

  async status(userId: number): Promise<NotificationStatus> {
    const [row] = await this.sql.query<StatusRow>(STATUS_SQL, [userId]);
    return {
      latestUserAlert: iso(row.latest_alert),
      latestSystemNotice: iso(row.latest_notice),
      lastSeenUserAlerts: iso(row.alerts_seen_at),
      lastSeenSystemNotices: iso(row.notices_seen_at),
    };
  }

  async markSeen(userId: number, kind: NotificationSeenKind): Promise<{ success: true } & NotificationStatus> {
    await this.sql.query(SEEN_SQL[kind], [userId]);
    return { success: true, ...(await this.status(userId)) };
  }
}
