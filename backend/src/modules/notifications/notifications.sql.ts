/**
 * SQL of personal alerts, system notices and the unseen state. Reads of a page select the
 * columns plus the keyset (created_at as exact microsecond text, id); page sizes are literals.
 */
import type { Selectable } from 'kysely';
import type { UserAlertType } from '@cloud9/contracts';
import type { Media, NotificationSeen, SystemNotices, UserAlerts, Users } from '../../database/schema';
import { timeKey } from '../../common/db/sql-snippets';
import { mediaColumns, posterJoin, type MediaColumns } from '../media/public';
import { alertShownSql } from './alert-wanted';

/**
 * Alerts committed since the last sweep of AlertSync: ids above the highest seen ($1), and the ids
 * below it that were missing then ($2: taken by transactions not yet committed), in id order
 * along the primary key; at most $3. `shown`: whether the recipient sees it (alertShownSql); a hidden
 * one is tracked like any other but not announced.
 */
export const ALERT_SYNC_SQL = {
  newest: `SELECT coalesce(max(id), 0) AS id FROM user_alerts`,
  // Two index ranges: as one condition (id > $1 OR id = ANY($2)) the planner walks the whole primary key.
  since: `
    SELECT a.id, a.recipient_id, a.created_at, ${alertShownSql('a', 'a.recipient_id')} AS shown FROM user_alerts a
     WHERE a.id IN (SELECT u.id FROM ((SELECT id FROM user_alerts WHERE id > $1 ORDER BY id LIMIT $3)
                                      UNION (SELECT id FROM user_alerts WHERE id = ANY($2::bigint[]))) u)
     ORDER BY a.id
     LIMIT $3`,
};

export type AlertSyncRow = Pick<Selectable<UserAlerts>, 'id' | 'recipient_id' | 'created_at'> & { shown: boolean };

/** A page of one recipient's alerts ($1) that show to them (alertShownSql), newest first; optional keyset ($2 time, $3 id), text filter and type. Team alerts have no actor. */
export function alertPageSql(withCursor: boolean, filterParam: string | null, typeParam: string | null, take: string): string {
  return `
    SELECT a.id, a.type, a.message, u.name AS actor_name, u.username AS actor_username, u.thumbnail AS actor_thumbnail,
           a.post_id, a.created_at, ${timeKey('a.created_at')} AS cursor_time, a.id AS cursor_id
      FROM user_alerts a LEFT JOIN users u ON u.id = a.actor_id
     WHERE a.recipient_id = $1 AND ${alertShownSql('a', '$1')}
       ${withCursor ? `AND (a.created_at, a.id) < ($2::timestamptz, $3::bigint)` : ''}
       ${filterParam ? `AND (a.message ILIKE ${filterParam} OR u.username ILIKE ${filterParam} OR u.name ILIKE ${filterParam})` : ''}
       ${typeParam ? `AND a.type = ${typeParam}` : ''}
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT ${take}`;
}

export type AlertRow = Pick<Selectable<UserAlerts>, 'id' | 'message' | 'post_id' | 'created_at'> & {
  type: UserAlertType;
  actor_name: Selectable<Users>['name'];
  actor_username: Selectable<Users>['username'] | null;
  actor_thumbnail: Selectable<Users>['thumbnail'];
  cursor_time: string;
  cursor_id: number;
};

const NOTICE_COLUMNS = `
  n.id, n.user_id, u.username, u.name, u.thumbnail, n.content, n.created_at, n.updated_at, n.media_url, m.mime AS media_mime, ${mediaColumns('m', 'media', 'mp')},
  ${timeKey('n.created_at')} AS cursor_time, n.id AS cursor_id`;
const NOTICE_FROM = `FROM system_notices n JOIN users u ON u.id = n.user_id LEFT JOIN media m ON m.id = n.media_id ${posterJoin('m', 'mp')}`;

/**
 * Notices newest first along system_notices_recent; keyset ($1 time, $2 id) and, for search, a
 * contains-pattern on the content (the trigram index) as the last parameter.
 */
export function noticePageSql(withCursor: boolean, searchParam: string | null, take: string): string {
  const where = [
    withCursor ? `(n.created_at, n.id) < ($1::timestamptz, $2::bigint)` : '',
    searchParam ? `n.content ILIKE ${searchParam}` : '',
  ].filter(Boolean);
  return `
    SELECT ${NOTICE_COLUMNS} ${NOTICE_FROM}
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT ${take}`;
}

export type NoticeRow = Pick<Selectable<SystemNotices>, 'id' | 'user_id' | 'content' | 'created_at' | 'updated_at' | 'media_url'> &
  Pick<Selectable<Users>, 'username' | 'name' | 'thumbnail'> & MediaColumns & { media_mime: Selectable<Media>['mime'] | null; cursor_time: string; cursor_id: number };

export const NOTICE_SQL = {
  byId: `SELECT ${NOTICE_COLUMNS} ${NOTICE_FROM} WHERE n.id = $1`,
};

/**
 * The unseen state of one user ($1): the newest alert that shows to them (user_alerts_recipient, walked
 * past hidden ones),
 * the newest notice time counting edits (system_notices_updated), and the last-seen times. Notices
 * posted before the account existed are not news to it: until it has seen any, its notices
 * baseline is its sign-up time.
 */
export const STATUS_SQL = `
  SELECT (SELECT a.created_at FROM user_alerts a WHERE a.recipient_id = $1 AND ${alertShownSql('a', '$1')} ORDER BY a.created_at DESC, a.id DESC LIMIT 1) AS latest_alert,
         (SELECT n.updated_at FROM system_notices n ORDER BY n.updated_at DESC LIMIT 1) AS latest_notice,
         s.alerts_seen_at, coalesce(s.notices_seen_at, u.created_at) AS notices_seen_at
    FROM users u LEFT JOIN notification_seen s ON s.user_id = u.id
   WHERE u.id = $1`;

export type StatusRow = Pick<Selectable<NotificationSeen>, 'alerts_seen_at' | 'notices_seen_at'> & {
  latest_alert: Selectable<UserAlerts>['created_at'] | null;
  latest_notice: Selectable<SystemNotices>['updated_at'] | null;
};

/**
 * Marks one kind seen at now(), never earlier than the newest item it covers (an item committed
 * by a transaction that started after this one has a later time than now()) and never moving back.
 */
export const SEEN_SQL = {
  alerts: `
    INSERT INTO notification_seen AS s (user_id, alerts_seen_at)
    VALUES ($1, GREATEST(now(), (SELECT a.created_at FROM user_alerts a WHERE a.recipient_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT 1)))
    ON CONFLICT (user_id) DO UPDATE SET alerts_seen_at = GREATEST(EXCLUDED.alerts_seen_at, s.alerts_seen_at)`,
  notices: `
    INSERT INTO notification_seen AS s (user_id, notices_seen_at)
    VALUES ($1, GREATEST(now(), (SELECT max(n.updated_at) FROM system_notices n)))
    ON CONFLICT (user_id) DO UPDATE SET notices_seen_at = GREATEST(EXCLUDED.notices_seen_at, s.notices_seen_at)`,
} as const;

/**
 * Web Push's facts about recipients (decision 0096).
 * - `unseen`: per member of $1 (bigint[]), their alerts newer than their seen time that show to them,
 *   counted to at most 99 (the badge's figure; user_alerts_recipient).
 * - `groupActors`: the distinct actors of the group of alert $1 (recipient $2) up to it, as the grouped
 *   list counts them: likes or reposts of its post, follows of its UTC day (user_alerts_post_group,
 *   user_alerts_recipient_type); 1 for any other alert.
 */
export const PUSH_FACTS_SQL = {
  unseen: `
    SELECT u.id AS user_id,
           (SELECT count(*) FROM (SELECT 1 FROM user_alerts a
             WHERE a.recipient_id = u.id AND a.created_at > coalesce(s.alerts_seen_at, '-infinity'::timestamptz) AND ${alertShownSql('a', 'u.id')}
             LIMIT 99) x)::int AS unseen
      FROM unnest($1::bigint[]) AS u(id) LEFT JOIN notification_seen s ON s.user_id = u.id`,
  groupActors: `
    SELECT CASE WHEN a.type IN ('like', 'repost', 'follow') THEN (
             SELECT count(DISTINCT m.actor_id) FROM user_alerts m
              WHERE m.recipient_id = a.recipient_id AND m.type = a.type AND m.created_at <= a.created_at
                AND CASE WHEN a.type = 'follow' THEN m.created_at >= date_trunc('day', a.created_at, 'UTC') ELSE m.post_id = a.post_id END
                AND ${alertShownSql('m', 'a.recipient_id')})
           ELSE 1 END::int AS actors
      FROM user_alerts a WHERE a.id = $1 AND a.recipient_id = $2`,
} as const;
