import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import {
  DM_MESSAGES, DM_REACTIONS, DM_REQUEST_FACTOR, DM_RULES, type Conversation, type ConversationsQuery, type DmMessage, type DmReactionCount, type DmSettings, type DmUnread,
  type NewMessageBody, type Page,
} from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { decodeIdCursor, decodeTimeCursor, encodeCursor } from '../../common/db/cursor';
import { timeCursorOf, toPage } from '../../common/db/page';
import { DomainEvents } from '../../common/events/domain-events';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import type { SessionUser } from '../users/public';
import { isAllowedGifUrl } from '../gifs/public';
import { MediaService, type StoredMedia } from '../media/media.service';
import { SocketMessages } from '../realtime/socket-messages.service';
import { DirectMessagesRepository, type MemberInfoRow } from './direct-messages.repository';
import { DmReadCache } from './dm-read-cache';
import type { ListRow, MembershipRow, MessageRow, SentRow } from './direct-messages.sql';

const MESSAGE_KINDS = ['image', 'video', 'audio'] as const;
const notFound = () => new NotFoundException(DM_MESSAGES.conversationNotFound);
const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
const iso = (value: Date | string) => new Date(value).toISOString();

/** A message's row as the wire shows it; a deleted one keeps only its place. */
function toMessage(row: MessageRow, reactions: DmReactionCount[] = []): DmMessage {
  const deleted = row.deleted_at !== null;
  return {
    id: Number(row.id),
    conversationId: Number(row.conversation_id),
    senderId: Number(row.sender_id),
    text: deleted ? '' : row.text,
    media: !deleted && row.media_url && row.media_mime ? { url: row.media_url, mime: row.media_mime } : null,
    gif: deleted ? null : row.gif_url,
    createdAt: iso(row.created_at),
    deleted,
    reactions: deleted ? [] : reactions,
  };
}

/**
 * Direct messages (decision 0100). Every read and write starts from the caller's own membership: a
 * conversation they are not in, or one of two with a block between its members, is 404 (nothing
 * written). What a write changes for others is raised as a domain event (`dm.*`); LivePushes sends
 * it to the members' sockets and PushDelivery to the devices of those not looking.
 */
@Injectable()
export class DirectMessagesService implements OnModuleInit {
  constructor(
    private readonly repository: DirectMessagesRepository,
    private readonly kept: DmReadCache,
    private readonly media: MediaService,
    private readonly rateLimits: RateLimitsService,
    private readonly events: DomainEvents,
    private readonly socketMessages: SocketMessages,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  onModuleInit(): void {
    this.socketMessages.handle('dm:typing', (userId, payload) => this.typing(userId, payload));
  }

  /**
   * A conversation with `memberIds`: the one that exists for a single other person (`created` false),
   * or a new one. Each named member's settings decide whether it lands in their inbox or Requests.
   */
  async start(user: SessionUser, memberIds: number[]): Promise<{ id: number; created: boolean }> {
    const others = [...new Set(memberIds)].filter((id) => id !== user.id);
    if (!others.length) throw new BadRequestException(DM_MESSAGES.notYourself);
    if (others.length + 1 > this.settings.dmGroupMax) throw new BadRequestException(DM_MESSAGES.tooManyMembers(this.settings.dmGroupMax));
    await this.assertReachable(user.id, others);
    const pairKey = others.length === 1 ? pairKeyOf(user.id, others[0]) : null;
    if (pairKey) {
      const id = await this.repository.pair(pairKey);
      if (id !== undefined) return { id, created: false };
    }
    const { inboxOf, anyStranger } = await this.placements(user.id, others);
    if (anyStranger) await this.rateLimits.consumeScaled('dmRequests', `user:${user.id}`, DM_REQUEST_FACTOR[user.group_id] ?? 1);
    const outcome = await this.repository.transaction(async (trx) => {
      const id = await this.repository.createConversation(trx, user.id, pairKey);
      if (id === undefined) return undefined; // the same pair started at the same moment: theirs stands
      await this.repository.addMembers(trx, id, [{ userId: user.id, accepted: true, listed: true }, ...others.map((userId) => ({ userId, accepted: inboxOf(userId), listed: false }))]);
      this.events.add(trx, 'dm.conversation.changed', { conversationId: id, userIds: [user.id] });
      return id;
    });
    if (outcome !== undefined) return { id: outcome, created: true };
    return { id: (await this.repository.pair(pairKey!))!, created: false };
  }

  /** A page of the inbox or Requests (kept in memory unless it is a search). */
  list(user: SessionUser, query: ConversationsQuery, limit: number): Promise<Page<Conversation>> {
    const inbox = query.filter !== 'requests';
    const search = query.search?.trim() || undefined;
    const load = async () => {
      const rows = await this.repository.list(user.id, inbox, decodeTimeCursor(query.cursor), limit + 1, search);
      const page = toPage(rows, limit, (row) => row, timeCursorOf);
      return { items: await this.conversations(user.id, page.items), nextCursor: page.nextCursor };
    };
    if (search) return load();
    return this.kept.read(`list:${user.id}:${inbox ? 'inbox' : 'requests'}:${limit}:${query.cursor ?? ''}`, { viewer: user.id, conversation: null }, load);
  }

  async get(user: SessionUser, conversationId: number): Promise<Conversation> {
    await this.member(user.id, conversationId);
    const row = (await this.repository.listRow(conversationId, user.id))!;
    return (await this.conversations(user.id, [row], conversationId))[0];
  }

  unread(user: SessionUser): Promise<DmUnread> {
    return this.kept.read(`unread:${user.id}`, { viewer: user.id, conversation: null }, () => this.repository.unread(user.id));
  }

  /** A page of messages, newest first, as the member sees them. */
  messages(user: SessionUser, conversationId: number, limit: number, cursor?: string): Promise<Page<DmMessage>> {
    return this.kept.read(`messages:${conversationId}:${user.id}:${limit}:${cursor ?? ''}`, { viewer: user.id, conversation: conversationId }, async () => {
      const me = await this.member(user.id, conversationId);
      const rows = await this.repository.messagePage(conversationId, user.id, Number(me.visible_after), decodeIdCursor(cursor), limit + 1);
      const page = toPage(rows, limit, (row) => row, (last) => encodeCursor([Number(last.id)]));
      return { items: await this.withReactions(page.items, user.id), nextCursor: page.nextCursor };
    });
  }

  /** A new message: text, one file or one GIF. Answering a request accepts it. */
  async send(user: SessionUser, conversationId: number, dto: NewMessageBody, file: Express.Multer.File | undefined): Promise<DmMessage> {
    const text = dto.text?.trim() ?? '';
    const gif = dto.gif?.trim() || null;
    if (!text && !file && !gif) throw new BadRequestException(DM_MESSAGES.messageEmpty);
    if (file && gif) throw new BadRequestException(DM_MESSAGES.oneAttachment);
    if (gif && !isAllowedGifUrl(gif, this.settings.giphyMediaHosts)) throw new BadRequestException(DM_MESSAGES.gifInvalid);
    // With a file, membership is checked before the upload is stored; the send checks it again either way.
    if (file) await this.member(user.id, conversationId);
    const stored: StoredMedia | undefined = file ? await this.media.accept(file, user.id, MESSAGE_KINDS, 'post') : undefined;
    let sent: SentRow | undefined;
    try {
      sent = await this.repository.send({
        conversation_id: conversationId, sender_id: user.id, text, gif_url: gif,
        media_id: stored?.id ?? null, media_url: stored?.url ?? null, media_mime: stored?.mime ?? null,
      });
    } finally {
      if (sent?.id == null) await this.media.release([stored]);
    }
    if (!sent || sent.blocked) throw notFound();
    if (sent.id === null) throw new ForbiddenException(DM_MESSAGES.suspended);
    const { audience, sender_username, sender_name, is_group, blocked: _blocked, suspended: _suspended, ...row } = sent;
    const message = toMessage(row);
    const recipients = audience.filter((a) => !a.hides_sender).map((a) => ({ userId: Number(a.user_id), request: !a.accepted, muted: a.muted, hidePushText: a.hide_push_text }));
    const memberIds = [user.id, ...audience.map((a) => Number(a.user_id))];
    await this.events.emit('dm.sent', { message, senderId: user.id, senderName: sender_name?.trim() || sender_username, isGroup: is_group, recipients, memberIds });
    return message;
  }

  /** Moves the member's read mark (never back); their devices hear of it, and the others when both sides send read receipts. */
  async read(user: SessionUser, conversationId: number, messageId: number): Promise<void> {
    const me = await this.member(user.id, conversationId);
    const message = await this.repository.message(messageId);
    if (!message || Number(message.conversation_id) !== conversationId || Number(message.id) <= Number(me.visible_after)) throw new NotFoundException(DM_MESSAGES.messageNotFound);
    const moved = await this.repository.transaction((trx) => this.repository.markRead(trx, conversationId, user.id, messageId));
    if (!moved.moved) return;
    const members = await this.repository.memberIds(conversationId);
    const settings = await this.repository.settingsOf(members);
    const told = me.accepted && settings.get(user.id)!.readReceipts ? members.filter((id) => id === user.id || settings.get(id)!.readReceipts) : [user.id];
    await this.events.emit('dm.read', { conversationId, userId: user.id, messageId: moved.lastReadId, userIds: told });
  }

  async accept(user: SessionUser, conversationId: number): Promise<void> {
    await this.member(user.id, conversationId);
    await this.repository.transaction(async (trx) => {
      if (await this.repository.accept(trx, conversationId, user.id)) this.events.add(trx, 'dm.conversation.changed', { conversationId, userIds: [user.id] });
    });
  }

  async setMuted(user: SessionUser, conversationId: number, muted: boolean): Promise<void> {
    await this.member(user.id, conversationId);
    if (await this.repository.setMuted(conversationId, user.id, muted)) await this.events.emit('dm.conversation.changed', { conversationId, userIds: [user.id] });
  }

  /** A group: the member leaves it (the others see them gone). Two: deleted for the member until the next message. */
  async leave(user: SessionUser, conversationId: number): Promise<void> {
    const me = await this.member(user.id, conversationId);
    await this.repository.transaction(async (trx) => {
      if (me.is_group) {
        const others = (await this.repository.memberIds(conversationId, trx)).filter((id) => id !== user.id);
        await this.repository.removeMember(trx, conversationId, user.id);
        await this.repository.removeIfEmpty(trx, conversationId);
        this.events.add(trx, 'dm.conversation.changed', { conversationId, userIds: [user.id, ...others] });
      } else {
        await this.repository.clearFor(trx, conversationId, user.id);
        this.events.add(trx, 'dm.conversation.changed', { conversationId, userIds: [user.id] });
      }
    });
  }

  /** The group's creator adds members (each lands in their inbox or Requests by their settings); they see messages from now on. */
  async addMembers(user: SessionUser, conversationId: number, userIds: number[]): Promise<Conversation> {
    const me = await this.member(user.id, conversationId);
    if (!me.is_group) throw new ForbiddenException(DM_MESSAGES.notAGroup);
    if (Number(me.creator_id) !== user.id) throw new ForbiddenException(DM_MESSAGES.onlyCreatorAdds);
    const named = [...new Set(userIds)].filter((id) => id !== user.id);
    if (!named.length) return this.get(user, conversationId);
    await this.assertReachable(user.id, named);
    const { inboxOf } = await this.placements(user.id, named);
    await this.repository.transaction(async (trx) => {
      const current = await this.repository.memberIds(conversationId, trx);
      const added = named.filter((id) => !current.includes(id));
      if (current.length + added.length > this.settings.dmGroupMax) throw new BadRequestException(DM_MESSAGES.tooManyMembers(this.settings.dmGroupMax));
      await this.repository.addMembers(trx, conversationId, added.map((id) => ({ userId: id, accepted: inboxOf(id), listed: false })));
      if (added.length) this.events.add(trx, 'dm.conversation.changed', { conversationId, userIds: [...current, ...added] });
    });
    return this.get(user, conversationId);
  }

  async react(user: SessionUser, messageId: number, emoji: string, add: boolean): Promise<{ reactions: DmReactionCount[] }> {
    const { message } = await this.visibleMessage(user.id, messageId);
    if (message.deleted_at !== null) throw new NotFoundException(DM_MESSAGES.messageNotFound);
    if (!add && !(DM_REACTIONS as readonly string[]).includes(emoji)) return { reactions: await this.reactionsOf(messageId, user.id) };
    const changed = add ? await this.repository.react(user.id, messageId, emoji) : await this.repository.unreact(user.id, messageId, emoji);
    const reactions = await this.reactionsOf(messageId, user.id);
    if (changed) {
      const conversationId = Number(message.conversation_id);
      await this.events.emit('dm.reacted', {
        conversationId, messageId, userId: user.id, emoji, added: add,
        reactions: reactions.map(({ emoji, count }) => ({ emoji, count })),
        userIds: await this.repository.memberIds(conversationId),
      });
    }
    return { reactions };
  }

  /** For oneself (any member), or for everyone (its sender, within DM_RULES.unsendWindowMs): 403 otherwise. */
  async deleteMessage(user: SessionUser, messageId: number, forWhom: 'me' | 'everyone'): Promise<void> {
    const { message } = await this.visibleMessage(user.id, messageId);
    const conversationId = Number(message.conversation_id);
    if (forWhom === 'me') {
      if (await this.repository.hideMessage(user.id, messageId)) await this.events.emit('dm.deleted', { conversationId, messageId, forEveryone: false, userIds: [user.id] });
      return;
    }
    const late = Date.now() - new Date(message.created_at).getTime() > DM_RULES.unsendWindowMs;
    if (Number(message.sender_id) !== user.id || late) throw new ForbiddenException(DM_MESSAGES.unsendTooLate);
    if (message.deleted_at !== null) return;
    const released = await this.repository.transaction(async (trx) => {
      const old = await this.repository.unsend(trx, messageId);
      if (old) this.events.add(trx, 'dm.deleted', { conversationId, messageId, forEveryone: true, userIds: await this.repository.memberIds(conversationId, trx) });
      return old;
    });
    if (released?.media_id) await this.media.removeUnused([{ media_id: released.media_id, media_url: released.media_url }]);
  }

  async settingsOf(user: SessionUser): Promise<DmSettings> {
    return (await this.repository.settingsOf([user.id])).get(user.id)!;
  }

  async saveSettings(user: SessionUser, settings: DmSettings): Promise<DmSettings> {
    await this.repository.saveSettings(user.id, settings);
    return settings;
  }

  /**
   * What a report on a message carries (moderation): its sender, and the message with the
   * DM_RULES.reportContext before it, as the reporter sees them. 404 for a message the reporter does
   * not see.
   */
  async reportContext(userId: number, messageId: number): Promise<{ senderId: number; messages: (MessageRow & { sender_username: string })[] }> {
    const { message, me } = await this.visibleMessage(userId, messageId);
    const messages = await this.repository.reportContext(Number(message.conversation_id), userId, Number(me.visible_after), messageId, DM_RULES.reportContext);
    return { senderId: Number(message.sender_id), messages };
  }

  /**
   * A typing mark from a socket: relayed at most once every DM_RULES.typingEveryMs per member and
   * conversation, only by a member whose conversation is accepted, to the other members.
   * Anything malformed, or from someone who is not a member, is dropped without a word.
   */
  private async typing(userId: number, payload: unknown): Promise<void> {
    const conversationId = (payload as { conversationId?: unknown } | null)?.conversationId;
    if (typeof conversationId !== 'number' || !Number.isSafeInteger(conversationId) || conversationId < 1 || conversationId > 2_147_483_647) return;
    const fresh = await this.redis.set(this.keys.dmTyping(userId, conversationId), '1', 'PX', DM_RULES.typingEveryMs, 'NX');
    if (fresh !== 'OK') return;
    const me = await this.repository.membership(conversationId, userId);
    if (!me || me.blocked || !me.accepted) return;
    const audience = await this.repository.audience(conversationId, userId);
    const userIds = audience.filter((a) => !a.hides_sender).map((a) => Number(a.user_id));
    if (userIds.length) await this.events.emit('dm.typing', { conversationId, userId, userIds });
  }

  /** 404 unless every account named exists and no block stands between it and the caller (a block is told as a missing account). */
  private async assertReachable(userId: number, named: number[]): Promise<void> {
    const existing = await this.repository.existingAccounts(named);
    if (existing.size !== named.length || (await this.repository.blockedWithAny(userId, named))) throw new NotFoundException(DM_MESSAGES.memberNotFound);
  }

  /**
   * Where a conversation from `senderId` lands for each named member (their `allowFrom`: the inbox, or
   * Requests), and whether any of them does not follow the sender (the requests limit counts it).
   */
  private async placements(senderId: number, named: number[]): Promise<{ inboxOf: (id: number) => boolean; anyStranger: boolean }> {
    const followers = await this.repository.followersAmong(named, senderId);
    const settings = await this.repository.settingsOf(named);
    const inboxOf = (id: number) => settings.get(id)!.allowFrom === 'everyone' || (settings.get(id)!.allowFrom === 'following' && followers.has(id));
    return { inboxOf, anyStranger: named.some((id) => !followers.has(id)) };
  }

  /** The caller's membership, or 404. */
  private async member(userId: number, conversationId: number): Promise<MembershipRow> {
    const me = await this.repository.membership(conversationId, userId);
    if (!me || me.blocked) throw notFound();
    return me;
  }

  /** A message of a conversation the caller is in and can see (not before they joined, not deleted for them), or 404. */
  private async visibleMessage(userId: number, messageId: number) {
    const message = await this.repository.message(messageId);
    if (!message) throw new NotFoundException(DM_MESSAGES.messageNotFound);
    const me = await this.repository.membership(Number(message.conversation_id), userId);
    if (!me || me.blocked || Number(message.id) <= Number(me.visible_after) || (await this.repository.hiddenFor(userId, messageId))) throw new NotFoundException(DM_MESSAGES.messageNotFound);
    return { message, me };
  }

  private async reactionsOf(messageId: number, viewerId: number): Promise<DmReactionCount[]> {
    return (await this.repository.reactions([messageId], viewerId)).map(({ emoji, count, mine }) => ({ emoji, count, mine }));
  }

  private async withReactions(rows: MessageRow[], viewerId: number): Promise<DmMessage[]> {
    const reactions = await this.repository.reactions(rows.filter((r) => r.deleted_at === null).map((r) => Number(r.id)), viewerId);
    const byMessage = new Map<number, DmReactionCount[]>();
    for (const r of reactions) {
      const list = byMessage.get(Number(r.message_id)) ?? [];
      list.push({ emoji: r.emoji, count: r.count, mine: r.mine });
      byMessage.set(Number(r.message_id), list);
    }
    return rows.map((row) => toMessage(row, byMessage.get(Number(row.id))));
  }

  /** List rows as the wire shows them: members (one read for the page), last message, the other members' read marks. */
  private async conversations(viewerId: number, rows: ListRow[], readsOf?: number): Promise<Conversation[]> {
    const ids = rows.map((r) => Number(r.id));
    const members = await this.repository.membersOf(ids);
    const byConversation = new Map<number, MemberInfoRow[]>();
    for (const m of members) byConversation.set(Number(m.conversation_id), [...(byConversation.get(Number(m.conversation_id)) ?? []), m]);
    const lasts = await this.withReactions(rows.map((r) => r.last).filter((m): m is MessageRow => m !== null), viewerId);
    const lastById = new Map(lasts.map((m) => [m.conversationId, m]));
    let reads: Conversation['reads'] = [];
    if (readsOf !== undefined && rows[0]?.accepted && (await this.repository.settingsOf([viewerId])).get(viewerId)!.readReceipts) {
      reads = (await this.repository.readMarks(readsOf, viewerId)).map((r) => ({ userId: Number(r.user_id), messageId: Number(r.last_read_id) }));
    }
    return rows.map((r) => ({
      id: Number(r.id),
      isGroup: r.is_group,
      creatorId: r.creator_id === null ? null : Number(r.creator_id),
      members: (byConversation.get(Number(r.id)) ?? []).map(({ id, username, name, thumbnail }) => ({ id: Number(id), username, name, thumbnail })),
      lastMessage: lastById.get(Number(r.id)) ?? null,
      unreadCount: r.unread_count,
      muted: r.muted,
      accepted: r.accepted,
      reads,
    }));
  }
}
