import { sql, type RawBuilder } from 'kysely';
import { limitLiteral } from '../../common/db/sql-params';
import { timeKey } from '../../common/db/sql-snippets';
import { blockedBetweenSql, mutesSql } from '../safety/public';

/** A member's row of a conversation, with the conversation's own facts. */
export interface MembershipRow {
  id: number;
  is_group: boolean;
  creator_id: number | null;
  accepted: boolean;
  muted: boolean;
  visible_after: number;
  last_read_id: number;
  activity_at: Date | null;
  /** A conversation of two with a block between its members, either way: it is no conversation (404). */
  blocked: boolean;
  /** The member's account is suspended (moderation's `suspensions`): they cannot send. */
  suspended: boolean;
}

/** A message as the lists read it. */
export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  text: string;
  media_url: string | null;
  media_mime: string | null;
  gif_url: string | null;
  created_at: Date;
  deleted_at: Date | null;
}

export const MESSAGE_COLUMNS = 'm.id, m.conversation_id, m.sender_id, m.text, m.media_url, m.media_mime, m.gif_url, m.created_at, m.deleted_at';

/** The newest message of the member row `cm` sees, as JSON (one probe of dm_messages_conversation). */
export const LAST_MESSAGE = sql.raw(`(SELECT row_to_json(x) FROM (
  SELECT ${MESSAGE_COLUMNS} FROM dm_messages m
   WHERE m.conversation_id = cm.conversation_id AND m.id > cm.visible_after
     AND NOT EXISTS (SELECT 1 FROM dm_hidden_messages h WHERE h.user_id = cm.user_id AND h.message_id = m.id)
   ORDER BY m.id DESC LIMIT 1) x)`);

/** One conversation of a member's list, with its last message visible to them. */
export interface ListRow {
  id: number;
  is_group: boolean;
  creator_id: number | null;
  accepted: boolean;
  muted: boolean;
  unread_count: number;
  cursor_time: string;
  cursor_id: number;
  /** The last message's columns, null without one. */
  last: MessageRow | null;
}

/**
 * A conversation the member's lists leave out: one of two whose other member they muted, or with a
 * block between them either way (the block makes it no conversation; the mute hides it without
 * telling anyone).
 *
 * `member` is the walked row's column (`cm.user_id`), not the id as a literal: with a literal, the
 * subquery's only link to the row is `o.conversation_id = …`, and PostgreSQL may run it hashed,
 * once for every row of conversation_members (a sequential scan of the whole table on each inbox
 * read: 323 ms at 14,000 rows in bench:dm). Tied to the row by `o.user_id <> cm.user_id` as well, it
 * can only run per row: a primary-key probe of the conversation's members and their mutes and blocks.
 */
const hiddenPairSql = (member: string, conversation: string): string => `(
  NOT (SELECT c2.is_group FROM conversations c2 WHERE c2.id = ${conversation})
  AND EXISTS (SELECT 1 FROM conversation_members o WHERE o.conversation_id = ${conversation} AND o.user_id <> ${member}
               AND (${mutesSql(member, 'o.user_id')} OR ${blockedBetweenSql(member, 'o.user_id')})))`;

/** The member's row of a conversation, or none; `blocked` says a block stands in a conversation of two. */
export const membershipSql = (conversationId: number, userId: number): RawBuilder<MembershipRow> => sql<MembershipRow>`${memberRowSql(conversationId, userId)}`;

const memberRowSql = (conversationId: number, userId: number) => sql`
  SELECT c.id, c.is_group, c.creator_id, cm.accepted, cm.muted, cm.visible_after, cm.last_read_id, cm.activity_at,
         (NOT c.is_group AND EXISTS (
            SELECT 1 FROM conversation_members o
             WHERE o.conversation_id = c.id AND o.user_id <> cm.user_id
               AND (EXISTS (SELECT 1 FROM user_blocks bl WHERE bl.user_id = o.user_id AND bl.target_id = cm.user_id)
                    OR EXISTS (SELECT 1 FROM user_blocks bl WHERE bl.user_id = cm.user_id AND bl.target_id = o.user_id)))) AS blocked,
         EXISTS (SELECT 1 FROM suspensions s WHERE s.user_id = cm.user_id AND s.until > now()) AS suspended
    FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
   WHERE cm.conversation_id = ${conversationId} AND cm.user_id = ${userId}`;

/**
 * One keyset page of a member's inbox or Requests, the conversation with the newest message first:
 * a walk of conversation_members_list; `search` keeps those with another member whose username or
 * name starts with it (any case). The last message is the newest the member sees (one index probe).
 */
export function listSql(userId: number, accepted: boolean, after: { time: string; id: number } | undefined, take: number, search: string | undefined): RawBuilder<ListRow> {
  const afterSql = after ? sql`AND (cm.activity_at, cm.conversation_id) < (${after.time}::timestamptz, ${after.id}::bigint)` : sql``;
  const pattern = search ? `${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const searchSql = pattern
    ? sql`AND EXISTS (SELECT 1 FROM conversation_members o JOIN users u ON u.id = o.user_id
                       WHERE o.conversation_id = cm.conversation_id AND o.user_id <> cm.user_id
                         AND (lower(u.username) LIKE ${pattern} OR lower(coalesce(u.name, '')) LIKE ${pattern}))`
    : sql``;
  return sql<ListRow>`
    SELECT c.id, c.is_group, c.creator_id, cm.accepted, cm.muted, cm.unread_count,
           ${sql.raw(timeKey('cm.activity_at'))} AS cursor_time, cm.conversation_id AS cursor_id,
           ${LAST_MESSAGE} AS last
      FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
     WHERE cm.user_id = ${userId} AND cm.accepted = ${accepted} AND cm.activity_at IS NOT NULL
       ${afterSql}
       AND NOT ${sql.raw(hiddenPairSql('cm.user_id', 'cm.conversation_id'))}
       ${searchSql}
     ORDER BY cm.activity_at DESC, cm.conversation_id DESC
     LIMIT ${sql.raw(limitLiteral(take))}`;
}

/**
 * A member's unread messages in inbox conversations that are not muted, and the requests waiting: a
 * walk of their rows with unread messages (conversation_members_unread) and of their Requests.
 */
export const unreadSql = (userId: number): RawBuilder<{ unread: number; requests: number }> => sql<{ unread: number; requests: number }>`
  SELECT
    (SELECT coalesce(sum(cm.unread_count), 0)::int FROM conversation_members cm
      WHERE cm.user_id = ${userId} AND cm.unread_count > 0 AND cm.accepted AND NOT cm.muted AND cm.activity_at IS NOT NULL
        AND NOT ${sql.raw(hiddenPairSql('cm.user_id', 'cm.conversation_id'))}) AS unread,
    (SELECT count(*)::int FROM conversation_members cm
      WHERE cm.user_id = ${userId} AND NOT cm.accepted AND cm.activity_at IS NOT NULL
        AND NOT ${sql.raw(hiddenPairSql('cm.user_id', 'cm.conversation_id'))}) AS requests`;

/**
 * One keyset page of a conversation's messages as a member sees them, newest first. Like listSql, a
 * named prepared statement (SqlService) with the page size written into it: a generic plan cannot
 * see `LIMIT $n`.
 */
export const messagePageSql = (conversationId: number, userId: number, visibleAfter: number, before: number | undefined, take: number): RawBuilder<MessageRow> => sql<MessageRow>`
  SELECT ${sql.raw(MESSAGE_COLUMNS)} FROM dm_messages m
   WHERE m.conversation_id = ${conversationId} AND m.id > ${visibleAfter} ${before === undefined ? sql`` : sql`AND m.id < ${before}`}
     AND NOT EXISTS (SELECT 1 FROM dm_hidden_messages h WHERE h.user_id = ${userId} AND h.message_id = m.id)
   ORDER BY m.id DESC
   LIMIT ${sql.raw(limitLiteral(take))}`;

/** Each message's reactions: per emoji, how many and whether the viewer is one of them. */
export const reactionsSql = (messageIds: number[], viewerId: number): RawBuilder<{ message_id: number; emoji: string; count: number; mine: boolean }> => sql`
  SELECT r.message_id, r.emoji, count(*)::int AS count, bool_or(r.user_id = ${viewerId}) AS mine
    FROM dm_reactions r WHERE r.message_id = ANY(${messageIds}::bigint[])
   GROUP BY r.message_id, r.emoji
   ORDER BY r.message_id, min(r.created_at), r.emoji`;

/**
 * The other members of a conversation a new message goes to, with what decides how: whether they
 * hear of it at all (not when they muted the sender's account or a block stands in a conversation
 * of two), whether they get a push (not for a muted conversation) and whether its text may show.
 */
export interface AudienceRow {
  user_id: number;
  accepted: boolean;
  muted: boolean;
  hides_sender: boolean;
  hide_push_text: boolean;
}

/** A member row `cm` as audienceSql and sendMessageSql answer it, about the sender `sender`. */
const audienceColumns = (sender: string) => `cm.user_id, cm.accepted, cm.muted,
  (${mutesSql('cm.user_id', sender)} OR ${blockedBetweenSql('cm.user_id', sender)}) AS hides_sender,
  coalesce((SELECT s.hide_push_text FROM dm_settings s WHERE s.user_id = cm.user_id), false) AS hide_push_text`;

export const audienceSql = (conversationId: number, senderId: number): RawBuilder<AudienceRow> => sql<AudienceRow>`
  SELECT ${sql.raw(audienceColumns(String(Number(senderId))))}
    FROM conversation_members cm
   WHERE cm.conversation_id = ${conversationId} AND cm.user_id <> ${senderId}`;

/** A send as sendMessageSql answers it: the sender's membership, and the message when it was written. */
export type SentRow = Pick<MembershipRow, 'is_group' | 'blocked' | 'suspended'> &
  ({ id: null } | (MessageRow & { audience: AudienceRow[]; sender_username: string; sender_name: string | null }));

/**
 * A send in one statement (one round trip, its own transaction): the sender's membership, and only
 * when they are a member with no block in a conversation of two and not suspended, the insert and
 * every member row it moves (activity, unread counts; the sender's read mark, and their acceptance:
 * answering a request accepts it), with the audience and the sender's names for the events. No row:
 * not a member; `id` null: a member who may not send (`blocked`, `suspended` say why). The audience
 * is read from the members as updated (the others' accepted and muted flags are unchanged by it).
 */
export const sendMessageSql = (
  message: { conversation_id: number; sender_id: number; text: string; media_id: number | null; media_url: string | null; media_mime: string | null; gif_url: string | null },
  unreadCap: number,
) => sql<SentRow>`
  WITH me AS (${memberRowSql(message.conversation_id, message.sender_id)}
  ), inserted AS (
    INSERT INTO dm_messages (conversation_id, sender_id, text, media_id, media_url, media_mime, gif_url)
    SELECT me.id, ${message.sender_id}, ${message.text}, ${message.media_id}, ${message.media_url}, ${message.media_mime}, ${message.gif_url}
      FROM me WHERE NOT me.blocked AND NOT me.suspended
    RETURNING id, conversation_id, sender_id, text, media_url, media_mime, gif_url, created_at, deleted_at
  ), moved AS (
    UPDATE conversation_members cm
       SET activity_at = i.created_at,
           unread_count = CASE WHEN cm.user_id = i.sender_id THEN 0 ELSE least(cm.unread_count + 1, ${unreadCap}) END,
           last_read_id = CASE WHEN cm.user_id = i.sender_id THEN i.id ELSE cm.last_read_id END,
           accepted = cm.accepted OR cm.user_id = i.sender_id
      FROM inserted i
     WHERE cm.conversation_id = i.conversation_id
    RETURNING cm.user_id, cm.accepted, cm.muted
  )
  SELECT me.is_group, me.blocked, me.suspended, i.*, u.username AS sender_username, u.name AS sender_name,
         coalesce((SELECT json_agg(a) FROM (SELECT ${sql.raw(audienceColumns('i.sender_id'))} FROM moved cm WHERE cm.user_id <> i.sender_id) a), '[]'::json) AS audience
    FROM me LEFT JOIN inserted i ON true LEFT JOIN users u ON u.id = i.sender_id`;

/** How many messages from others after a read mark a member has not read, counted up to `cap` (the badge shows no more). */
export const unreadAfterSql = (conversationId: number, userId: number, after: number, cap: number): RawBuilder<{ n: number }> => sql<{ n: number }>`
  SELECT count(*)::int AS n FROM (
    SELECT 1 FROM dm_messages m
     WHERE m.conversation_id = ${conversationId} AND m.id > ${after} AND m.sender_id <> ${userId} AND m.deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM dm_hidden_messages h WHERE h.user_id = ${userId} AND h.message_id = m.id)
     LIMIT ${cap}) x`;

/** A reported message and the `context` messages before it, as the reporter saw them, oldest first. */
export const reportContextSql = (conversationId: number, userId: number, visibleAfter: number, messageId: number, context: number) => sql<MessageRow & { sender_username: string }>`
  SELECT * FROM (
    SELECT ${sql.raw(MESSAGE_COLUMNS)}, u.username AS sender_username FROM dm_messages m JOIN users u ON u.id = m.sender_id
     WHERE m.conversation_id = ${conversationId} AND m.id > ${visibleAfter} AND m.id <= ${messageId}
       AND NOT EXISTS (SELECT 1 FROM dm_hidden_messages h WHERE h.user_id = ${userId} AND h.message_id = m.id)
     ORDER BY m.id DESC LIMIT ${context + 1}) x
   ORDER BY x.id`;

/** A committed message and the members who see it (DmSyncService). */
export interface SweptMessageRow {
  id: number;
  conversation_id: number;
  member_ids: number[];
}

/**
 * Messages above `lastId` and the listed missing ids, in id order, at most `take`, each with its members then.
 * Two index ranges joined by UNION: as one `id > … OR id = ANY(…)` the pair cannot be an index range,
 * and the planner walked the whole primary key with it as a filter (860–975 ms at 1,000,000 messages,
 * every DM_SYNC_EVERY_MS on every instance; bench:dm). The first `take` rows above `lastId` are all
 * that part can give to the first `take` of both.
 */
export const messagesSinceSql = (lastId: number, missingIds: number[], take: number): RawBuilder<SweptMessageRow> => sql<SweptMessageRow>`
  SELECT m.id, m.conversation_id, array_agg(cm.user_id) AS member_ids
    FROM (SELECT id, conversation_id FROM (
            (SELECT id, conversation_id FROM dm_messages WHERE id > ${lastId} ORDER BY id LIMIT ${take})
            UNION
            (SELECT id, conversation_id FROM dm_messages WHERE id = ANY(${missingIds}::bigint[]))) u
          ORDER BY id LIMIT ${take}) m
    JOIN conversation_members cm ON cm.conversation_id = m.conversation_id AND cm.visible_after < m.id
   GROUP BY m.id, m.conversation_id
   ORDER BY m.id`;
