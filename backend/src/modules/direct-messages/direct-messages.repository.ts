import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { DmAllowFrom, DmSettings } from '@cloud9/contracts';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import {
  audienceSql, sendMessageSql, LAST_MESSAGE, listSql, membershipSql, messagePageSql, messagesSinceSql, MESSAGE_COLUMNS, reactionsSql, reportContextSql, unreadAfterSql, unreadSql,
  type AudienceRow, type ListRow, type MembershipRow, type MessageRow, type SentRow, type SweptMessageRow,
} from './direct-messages.sql';

/** The badge counts a member's unread messages up to this many per conversation. */
const UNREAD_CAP = 999;

export interface MemberInfoRow {
  conversation_id: number;
  id: number;
  username: string;
  name: string | null;
  thumbnail: string | null;
}

export interface NewMessage {
  conversation_id: number;
  sender_id: number;
  text: string;
  media_id: number | null;
  media_url: string | null;
  media_mime: string | null;
  gif_url: string | null;
}

const DEFAULT_SETTINGS: DmSettings = { allowFrom: 'following', readReceipts: true, hidePushText: false };

/**
 * The only code that writes conversations, conversation_members, dm_messages, dm_hidden_messages, dm_reactions and dm_settings.
 * The hot reads (a member's row, a page of messages and its reactions, the lists, the unread counts)
 * run as named prepared statements (SqlService): planning them cost as much as running them (bench:dm).
 */
@Injectable()
export class DirectMessagesRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
  ) {
    super(database);
  }

  /** As a prepared statement (the send reads it within its own statement, sendMessageSql). */
  async membership(conversationId: number, userId: number): Promise<MembershipRow | undefined> {
    return (await this.sql.run(membershipSql(conversationId, userId).compile(this.database.db)))[0];
  }

  /** The ids among `ids` of accounts that exist. */
  async existingAccounts(ids: number[]): Promise<Set<number>> {
    const rows = await this.database.db.selectFrom('users').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Whether a block stands between `userId` and any of `others`, either way. */
  async blockedWithAny(userId: number, others: number[], db: Db = this.database.db): Promise<boolean> {
    const { rows } = await sql<{ blocked: boolean }>`
      SELECT EXISTS (SELECT 1 FROM user_blocks WHERE (user_id = ${userId} AND target_id = ANY(${others}::bigint[])) OR (target_id = ${userId} AND user_id = ANY(${others}::bigint[]))) AS blocked`.execute(db);
    return rows[0].blocked;
  }

  /** Of `userIds`, those who follow `followedId`. */
  async followersAmong(userIds: number[], followedId: number): Promise<Set<number>> {
    const rows = await this.database.db.selectFrom('follows').select('follower_id').where('followed_id', '=', followedId).where('follower_id', 'in', userIds).execute();
    return new Set(rows.map((r) => r.follower_id));
  }

  async settingsOf(userIds: number[]): Promise<Map<number, DmSettings>> {
    const rows = userIds.length ? await this.database.db.selectFrom('dm_settings').selectAll().where('user_id', 'in', userIds).execute() : [];
    const found = new Map(rows.map((r) => [r.user_id, { allowFrom: r.allow_from as DmAllowFrom, readReceipts: r.read_receipts, hidePushText: r.hide_push_text }]));
    return new Map(userIds.map((id) => [id, found.get(id) ?? DEFAULT_SETTINGS]));
  }

  async saveSettings(userId: number, settings: DmSettings): Promise<void> {
    const row = { allow_from: settings.allowFrom, read_receipts: settings.readReceipts, hide_push_text: settings.hidePushText };
    await this.database.db.insertInto('dm_settings').values({ user_id: userId, ...row }).onConflict((oc) => oc.column('user_id').doUpdateSet(row)).execute();
  }

  /** The conversation of two with this pair key, if there is one. */
  async pair(pairKey: string, db: Db = this.database.db): Promise<number | undefined> {
    return (await db.selectFrom('conversations').select('id').where('pair_key', '=', pairKey).executeTakeFirst())?.id;
  }

  /** A new conversation; for a pair that raced another start, none (the caller reads the pair's). */
  async createConversation(trx: Db, creatorId: number, pairKey: string | null): Promise<number | undefined> {
    const row = await trx
      .insertInto('conversations')
      .values({ creator_id: creatorId, is_group: pairKey === null, pair_key: pairKey })
      .onConflict((oc) => oc.column('pair_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Adds members; `listed` ones have the conversation in their list at once (its creator), the others
   * when its first message arrives. A new member of a group sees the messages from their joining on.
   */
  async addMembers(trx: Db, conversationId: number, members: { userId: number; accepted: boolean; listed: boolean }[]): Promise<number[]> {
    if (!members.length) return [];
    const { rows: last } = await sql<{ id: number | null }>`SELECT max(id) AS id FROM dm_messages WHERE conversation_id = ${conversationId}`.execute(trx);
    const rows = await trx
      .insertInto('conversation_members')
      .values(
        members.map((m) => ({
          conversation_id: conversationId, user_id: m.userId, accepted: m.accepted, visible_after: last[0].id ?? 0, last_read_id: last[0].id ?? 0,
          activity_at: m.listed || last[0].id !== null ? sql<Date>`now()` : null,
        })),
      )
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** Every member's id. */
  async memberIds(conversationId: number, db: Db = this.database.db): Promise<number[]> {
    const rows = await db.selectFrom('conversation_members').select('user_id').where('conversation_id', '=', conversationId).execute();
    return rows.map((r) => r.user_id);
  }

  /** The members of these conversations, each conversation's creator first, then by joining. */
  async membersOf(conversationIds: number[]): Promise<MemberInfoRow[]> {
    if (!conversationIds.length) return [];
    return this.sql.run(sql<MemberInfoRow>`
      SELECT cm.conversation_id, u.id, u.username, u.name, u.thumbnail
        FROM conversation_members cm JOIN users u ON u.id = cm.user_id JOIN conversations c ON c.id = cm.conversation_id
       WHERE cm.conversation_id = ANY(${conversationIds}::bigint[])
       ORDER BY cm.conversation_id, (u.id = c.creator_id) DESC, cm.joined_at, u.id`.compile(this.database.db));
  }

  /** The other members' read marks, for members who send read receipts. */
  async readMarks(conversationId: number, viewerId: number): Promise<{ user_id: number; last_read_id: number }[]> {
    const { rows } = await sql<{ user_id: number; last_read_id: number }>`
      SELECT cm.user_id, cm.last_read_id FROM conversation_members cm LEFT JOIN dm_settings s ON s.user_id = cm.user_id
       WHERE cm.conversation_id = ${conversationId} AND cm.user_id <> ${viewerId} AND cm.accepted AND cm.last_read_id > 0
         AND coalesce(s.read_receipts, true)`.execute(this.database.db);
    return rows;
  }

  list(userId: number, accepted: boolean, after: { time: string; id: number } | undefined, take: number, search: string | undefined): Promise<ListRow[]> {
    return this.sql.run(listSql(userId, accepted, after, take, search).compile(this.database.db));
  }

  /** The member's own view of one conversation, as a list row. */
  async listRow(conversationId: number, userId: number): Promise<ListRow | undefined> {
    const { rows } = await sql<ListRow>`
      SELECT c.id, c.is_group, c.creator_id, cm.accepted, cm.muted, cm.unread_count, '' AS cursor_time, c.id AS cursor_id,
             ${LAST_MESSAGE} AS last
        FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
       WHERE cm.conversation_id = ${conversationId} AND cm.user_id = ${userId}`.execute(this.database.db);
    return rows[0];
  }

  async unread(userId: number): Promise<{ unread: number; requests: number }> {
    return (await this.sql.run(unreadSql(userId).compile(this.database.db)))[0];
  }

  async messagePage(conversationId: number, userId: number, visibleAfter: number, before: number | undefined, take: number): Promise<MessageRow[]> {
    return this.sql.run(messagePageSql(conversationId, userId, visibleAfter, before, take).compile(this.database.db));
  }

  async reactions(messageIds: number[], viewerId: number): Promise<{ message_id: number; emoji: string; count: number; mine: boolean }[]> {
    if (!messageIds.length) return [];
    return this.sql.run(reactionsSql(messageIds, viewerId).compile(this.database.db));
  }

  async message(messageId: number, db: Db = this.database.db): Promise<(MessageRow & { media_id: number | null }) | undefined> {
    const { rows } = await sql<MessageRow & { media_id: number | null }>`SELECT ${sql.raw(MESSAGE_COLUMNS)}, m.media_id FROM dm_messages m WHERE m.id = ${messageId}`.execute(db);
    return rows[0];
  }

  /** Whether `userId` deleted this message for themselves. */
  async hiddenFor(userId: number, messageId: number): Promise<boolean> {
    const row = await this.database.db.selectFrom('dm_hidden_messages').select('message_id').where('user_id', '=', userId).where('message_id', '=', messageId).executeTakeFirst();
    return row !== undefined;
  }

  async audience(conversationId: number, senderId: number): Promise<AudienceRow[]> {
    return (await audienceSql(conversationId, senderId).execute(this.database.db)).rows;
  }

  /**
   * The message, and what it moves, in one statement: the conversation comes to the top of every
   * member's list (back into the list of one who had deleted it), one more unread for the others, the
   * sender has read it. Answers the message, the other members it goes to (audienceSql's facts) and
   * the sender's names.
   */
  /** A send in one statement (sendMessageSql): undefined when the sender is not a member. */
  async send(message: NewMessage): Promise<SentRow | undefined> {
    return (await this.database.statement(sendMessageSql(message, UNREAD_CAP).compile(this.database.db)))[0];
  }

  /** Moves the member's read mark up to `messageId` (never back) and counts what is left unread. */
  async markRead(trx: Db, conversationId: number, userId: number, messageId: number): Promise<{ lastReadId: number; moved: boolean }> {
    const { rows } = await sql<{ last_read_id: number; before: number }>`
      UPDATE conversation_members cm SET last_read_id = greatest(cm.last_read_id, ${messageId})
        FROM (SELECT last_read_id AS before FROM conversation_members WHERE conversation_id = ${conversationId} AND user_id = ${userId} FOR UPDATE) b
       WHERE cm.conversation_id = ${conversationId} AND cm.user_id = ${userId}
       RETURNING cm.last_read_id, b.before`.execute(trx);
    const lastReadId = rows[0].last_read_id;
    const { rows: left } = await unreadAfterSql(conversationId, userId, lastReadId, UNREAD_CAP).execute(trx);
    await trx.updateTable('conversation_members').set({ unread_count: left[0].n }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();
    return { lastReadId, moved: lastReadId !== rows[0].before };
  }

  /** The request becomes part of the inbox; false when it already was. */
  async accept(trx: Db, conversationId: number, userId: number): Promise<boolean> {
    const rows = await trx.updateTable('conversation_members').set({ accepted: true }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).where('accepted', '=', false).returning('user_id').execute();
    return rows.length > 0;
  }

  async setMuted(conversationId: number, userId: number, muted: boolean): Promise<boolean> {
    const rows = await this.database.db.updateTable('conversation_members').set({ muted }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).where('muted', '=', !muted).returning('user_id').execute();
    return rows.length > 0;
  }

  async removeMember(trx: Db, conversationId: number, userId: number): Promise<void> {
    await trx.deleteFrom('conversation_members').where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();
  }

  /** A conversation with nobody left goes, with its messages. */
  async removeIfEmpty(trx: Db, conversationId: number): Promise<void> {
    await sql`DELETE FROM conversations c WHERE c.id = ${conversationId} AND NOT EXISTS (SELECT 1 FROM conversation_members WHERE conversation_id = c.id)`.execute(trx);
  }

  /** Deleted for the member: out of their list, its messages so far gone from their view; the next message brings it back. */
  async clearFor(trx: Db, conversationId: number, userId: number): Promise<void> {
    await sql`
      UPDATE conversation_members SET activity_at = NULL, unread_count = 0,
             visible_after = coalesce((SELECT max(id) FROM dm_messages WHERE conversation_id = ${conversationId}), visible_after)
       WHERE conversation_id = ${conversationId} AND user_id = ${userId}`.execute(trx);
  }

  /** Deleted for everyone: a mark without text, file or GIF. Answers the file it showed, to release. */
  async unsend(trx: Db, messageId: number): Promise<{ media_id: number | null; media_url: string | null } | undefined> {
    const { rows } = await sql<{ media_id: number | null; media_url: string | null }>`
      UPDATE dm_messages m SET deleted_at = now(), text = '', media_id = NULL, media_url = NULL, media_mime = NULL, gif_url = NULL
        FROM (SELECT id, media_id, media_url FROM dm_messages WHERE id = ${messageId} AND deleted_at IS NULL FOR UPDATE) old
       WHERE m.id = old.id
       RETURNING old.media_id, old.media_url`.execute(trx);
    await trx.deleteFrom('dm_reactions').where('message_id', '=', messageId).execute();
    return rows[0];
  }

  async hideMessage(userId: number, messageId: number): Promise<boolean> {
    const rows = await this.database.db.insertInto('dm_hidden_messages').values({ user_id: userId, message_id: messageId }).onConflict((oc) => oc.doNothing()).returning('message_id').execute();
    return rows.length > 0;
  }

  async react(userId: number, messageId: number, emoji: string): Promise<boolean> {
    const rows = await this.database.db.insertInto('dm_reactions').values({ message_id: messageId, user_id: userId, emoji }).onConflict((oc) => oc.doNothing()).returning('message_id').execute();
    return rows.length > 0;
  }

  async unreact(userId: number, messageId: number, emoji: string): Promise<boolean> {
    const rows = await this.database.db.deleteFrom('dm_reactions').where('message_id', '=', messageId).where('user_id', '=', userId).where('emoji', '=', emoji).returning('message_id').execute();
    return rows.length > 0;
  }

  async reportContext(conversationId: number, userId: number, visibleAfter: number, messageId: number, context: number): Promise<(MessageRow & { sender_username: string })[]> {
    return (await reportContextSql(conversationId, userId, visibleAfter, messageId, context).execute(this.database.db)).rows;
  }

  async newestMessageId(): Promise<number> {
    const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0) AS id FROM dm_messages`.execute(this.database.db);
    return Number(rows[0].id);
  }

  async messagesSince(lastId: number, missingIds: number[], take: number): Promise<SweptMessageRow[]> {
    return (await messagesSinceSql(lastId, missingIds, take).execute(this.database.db)).rows;
  }
}
