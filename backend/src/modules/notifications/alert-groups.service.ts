import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { MESSAGES, type AlertGroup, type AlertType, type Page, type UserAlertType } from '@cloud9/contracts';
import { decodeSnapshotCursor, encodeCursor } from '../../common/db/cursor';
import { toPage } from '../../common/db/page';
import { limitLiteral, SqlParams } from '../../common/db/sql-params';
import type { SessionUser } from '../users/public';
import type { AlertGroupRow } from './alert-groups.sql';
import { NotificationsRepository } from './notifications.repository';

/** Types whose alerts group by their post. */
const BY_POST = new Set<UserAlertType>(['like', 'repost']);

function keyOf(r: AlertGroupRow): string {
  if (BY_POST.has(r.type)) return `${r.type}:${r.post_id}`;
  if (r.type === 'follow') return `follow:${r.day}`;
  return `${r.type}:${r.id}`;
}

const toWire = (r: AlertGroupRow): AlertGroup => ({
  key: keyOf(r),
  type: r.type,
  ...(r.text !== null && { text: r.text }),
  ...(r.post_id !== null && { post: { id: r.post_id, content: r.post_content ?? '' } }),
  actors: r.actors,
  count: r.actor_count,
  latestAt: r.latest_at.toISOString(),
  unread: r.unread,
});

const cursorOf = (r: AlertGroupRow) => encodeCursor([r.cursor_as_of, r.cursor_time, r.cursor_id]);

/**
 * GET /api/notifications/user/:userId?grouped=1: own alerts only, in groups, newest group first.
 * Pages are keyset-exact: each cursor carries the first page's time and later pages are computed
 * as of it (alert-groups.sql.ts).
 */
@Injectable()
export class AlertGroupsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  /** How many distinct actors the group of alert `alertId` counts up to it (a push's "Bob and 3 others"); 0 when the alert is gone. */
  groupActors(recipientId: number, alertId: number): Promise<number> {
    return this.notifications.groupActors(alertId, recipientId);
  }

  async page(viewer: SessionUser, userId: number, limit: number, cursor?: string, type?: AlertType, query?: string): Promise<Page<AlertGroup>> {
    if (viewer.id !== userId) throw new ForbiddenException(MESSAGES.notifications.onlyOwnAlerts);
    if (query?.trim()) throw new BadRequestException(MESSAGES.alertGroups.searchNotGrouped);
    const after = decodeSnapshotCursor(cursor);
    const p = new SqlParams();
    p.add(userId);
    p.add(after?.asOf ?? null);
    const typeParam = type ? p.add(type) : null;
    const keyset = after ? { time: p.add(after.time), id: p.add(after.id) } : null;
    const rows = await this.notifications.alertGroupPage(p.values, typeParam, keyset, limitLiteral(limit + 1));
    return toPage(rows, limit, toWire, cursorOf);
  }
}
