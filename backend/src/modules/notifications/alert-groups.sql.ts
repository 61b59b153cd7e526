/**
 * SQL of the grouped alert list. Likes of one post are one group, reposts of one post one group,
 * follows of one UTC day one group; any other alert (reply, mention) is a group of its own.
 *
 * A group is found through its head, its newest alert: the page walks the recipient's alerts newest
 * first (user_alerts_recipient, or user_alerts_recipient_type for one type) and keeps those with no
 * newer alert in their group (one probe of user_alerts_post_group or user_alerts_recipient_type),
 * so groups come in the order of their newest alert, each exactly once, keyed by its head's
 * (created_at, id). Everything is read as of one time (`as_of`: the first page's now(), carried by
 * the cursor): an alert raised after the first page moves no group between pages, and shows when
 * the list is read again from the top. Only alerts that show to the recipient count (alertShownSql):
 * a group's head is its newest shown alert, its actors and count are its shown ones.
 */
import { ALERT_GROUP_ACTORS, type AlertGroupActor, type AlertType } from '@cloud9/contracts';
import { timeKey } from '../../common/db/sql-snippets';
import { alertShownSql } from './alert-wanted';

/** The text of a group's post that travels with it: enough for its first line. */
const GROUP_POST_TEXT_CHARS = 280;

/** The positional parameters of a cursor ($n texts). */
export interface GroupCursorParams {
  time: string;
  id: string;
}

/** The UTC day an alert falls in. */
const dayOf = (column: string) => `date_trunc('day', ${column}, 'UTC')`;

/**
 * One page of `$1`'s groups as of `$2` (null on the first page: now()), optionally of one type and
 * after a cursor's head; `take` is the page size plus one.
 */
export function alertGroupPageSql(typeParam: string | null, cursor: GroupCursorParams | null, take: string): string {
  return `
    WITH snapshot AS (SELECT coalesce($2::timestamptz, now()) AS as_of),
    heads AS (
      -- A head: no newer alert of its group as of the snapshot (the keyset bounds later pages by
      -- itself; the as-of bound on a states the snapshot for the first page too).
      SELECT a.id, a.type, a.post_id, a.created_at, s.as_of
        FROM snapshot s
        JOIN user_alerts a ON a.recipient_id = $1 AND a.created_at <= s.as_of
       WHERE ${alertShownSql('a', '$1')}
         ${typeParam ? `AND a.type = ${typeParam}` : ''}
         ${cursor ? `AND (a.created_at, a.id) < (${cursor.time}::timestamptz, ${cursor.id}::bigint)` : ''}
         AND NOT (a.type IN ('like', 'repost') AND EXISTS (
               SELECT 1 FROM user_alerts n
                WHERE n.post_id = a.post_id AND n.type = a.type AND n.recipient_id = $1
                  AND (n.created_at, n.id) > (a.created_at, a.id) AND n.created_at <= s.as_of AND ${alertShownSql('n', '$1')}))
         AND NOT (a.type = 'follow' AND EXISTS (
               SELECT 1 FROM user_alerts n
                WHERE n.recipient_id = $1 AND n.type = 'follow'
                  AND (n.created_at, n.id) > (a.created_at, a.id)
                  AND n.created_at < ${dayOf('a.created_at')} + interval '1 day' AND n.created_at <= s.as_of AND ${alertShownSql('n', '$1')}))
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT ${take}
    )
    SELECT h.id, h.type, h.post_id, left(p.content, ${GROUP_POST_TEXT_CHARS}) AS post_content, h.created_at AS latest_at,
           h.created_at > coalesce(seen.alerts_seen_at, '-infinity'::timestamptz) AS unread,
           to_char(${dayOf('h.created_at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           g.actor_count, coalesce(g.actors, '[]'::json) AS actors,
           ${timeKey('h.as_of')} AS cursor_as_of, ${timeKey('h.created_at')} AS cursor_time, h.id AS cursor_id
      FROM heads h
      LEFT JOIN posts p ON p.id = h.post_id
      LEFT JOIN notification_seen seen ON seen.user_id = $1
     CROSS JOIN LATERAL (
       -- The group's alerts: all of them are at or before its head (the head is the newest as of
       -- the snapshot, so this bound also keeps later alerts out of the counts).
       WITH members AS (
         SELECT m.actor_id, m.created_at, m.id, m.post_id FROM user_alerts m
          WHERE h.type IN ('like', 'repost') AND m.post_id = h.post_id AND m.type = h.type AND m.recipient_id = $1
            AND m.created_at <= h.created_at
         UNION ALL
         SELECT m.actor_id, m.created_at, m.id, m.post_id FROM user_alerts m
          WHERE h.type = 'follow' AND m.recipient_id = $1 AND m.type = 'follow'
            AND m.created_at >= ${dayOf('h.created_at')} AND m.created_at <= h.created_at
         UNION ALL
         SELECT m.actor_id, m.created_at, m.id, m.post_id FROM user_alerts m
          WHERE h.type NOT IN ('like', 'repost', 'follow') AND m.id = h.id
       ),
       per_actor AS (SELECT m.actor_id, max(m.created_at) AS last_at, max(m.id) AS last_id FROM members m WHERE ${alertShownSql('m', '$1')} GROUP BY m.actor_id)
       SELECT (SELECT count(*) FROM per_actor) AS actor_count,
              (SELECT json_agg(json_build_object('username', u.username, 'name', u.name, 'thumbnail', u.thumbnail) ORDER BY r.last_at DESC, r.last_id DESC)
                 FROM (SELECT * FROM per_actor ORDER BY last_at DESC, last_id DESC LIMIT ${ALERT_GROUP_ACTORS}) r
                 JOIN users u ON u.id = r.actor_id) AS actors
     ) g
     ORDER BY h.created_at DESC, h.id DESC`;
}

export interface AlertGroupRow {
  id: number;
  type: AlertType;
  post_id: number | null;
  post_content: string | null;
  latest_at: Date;
  unread: boolean;
  /** The head's UTC day (YYYY-MM-DD): the key of a follow group. */
  day: string;
  actor_count: number;
  actors: AlertGroupActor[];
  cursor_as_of: string;
  cursor_time: string;
  cursor_id: number;
}
