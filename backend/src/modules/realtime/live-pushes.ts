import { Injectable } from '@nestjs/common';
import { SocketEvents } from '@cloud9/contracts';
import type { EventPayload } from '../../common/events/event-map';
import { OnEvent } from '../../common/events/on-event.decorator';
import { RealtimeService } from './realtime.service';

/**
 * The socket pushes of committed changes (after the caches have heard of them: EventOrder). Each
 * push is a bare fact the client reads again through the REST API where it needs more; none tells
 * anyone of what they may not see.
 */
@Injectable()
export class LivePushes {
  constructor(private readonly realtime: RealtimeService) {}

  /**
   * Feeds offer a "new posts" pill. A bare signal (no post, no author), so it tells nobody of a post
   * they may not see; the pill reads the feed again through the hide rule. Replies are not announced.
   */
  @OnEvent('post.created')
  postCreated({ authorId, parentId, category, createdAt }: EventPayload<'post.created'>): void {
    if (parentId === null) this.realtime.toEveryoneBut(authorId, SocketEvents.postCreated, { category, createdAt });
  }

  @OnEvent('alerts.raised')
  alertsRaised({ alerts }: EventPayload<'alerts.raised'>): void {
    for (const { recipientId, alert } of alerts) this.realtime.toUser(recipientId, SocketEvents.alertNew, alert);
  }

  @OnEvent('alerts.withdrawn')
  alertsWithdrawn({ alerts }: EventPayload<'alerts.withdrawn'>): void {
    for (const { recipientId, id } of alerts) this.realtime.toUser(recipientId, SocketEvents.alertRemoved, { id });
  }

  /** Each moved account's open tabs learn its group, so limits follow without a reload. */
  @OnEvent('account.moved')
  accountMoved({ moves }: EventPayload<'account.moved'>): void {
    for (const move of moves) this.realtime.toUser(move.userId, SocketEvents.accountUpdated, { group_id: move.groupId });
  }

  @OnEvent('boosts.changed')
  boostsChanged(): void {
    this.realtime.toEveryone(SocketEvents.boostsChanged, { at: new Date().toISOString() });
  }

  /** The sockets of ended sessions close on every instance; their reconnects are refused at the handshake. */
  @OnEvent('sessions.ended')
  sessionsEnded({ sessionIds }: EventPayload<'sessions.ended'>): void {
    this.realtime.disconnectSessions(sessionIds);
  }

  @OnEvent('notice.posted')
  noticePosted({ notice }: EventPayload<'notice.posted'>): void {
    this.realtime.toEveryone(SocketEvents.noticeCreated, notice);
  }

  @OnEvent('notice.edited')
  noticeEdited({ notice }: EventPayload<'notice.edited'>): void {
    this.realtime.toEveryone(SocketEvents.noticeUpdated, notice);
  }

  @OnEvent('notice.deleted')
  noticeDeleted({ id }: EventPayload<'notice.deleted'>): void {
    this.realtime.toEveryone(SocketEvents.noticeDeleted, { id });
  }
  /** A direct message reaches every device of its sender and of the members who hear of it, on every instance. */
  @OnEvent('dm.sent')
  dmSent({ message, senderId, recipients }: EventPayload<'dm.sent'>): void {
    this.realtime.toUsers([senderId, ...recipients.map((r) => r.userId)], SocketEvents.dmMessage, { conversationId: message.conversationId, message });
  }

  @OnEvent('dm.deleted')
  dmDeleted({ userIds, ...push }: EventPayload<'dm.deleted'>): void {
    this.realtime.toUsers(userIds, SocketEvents.dmDeleted, push);
  }

  @OnEvent('dm.reacted')
  dmReacted({ userIds, ...push }: EventPayload<'dm.reacted'>): void {
    this.realtime.toUsers(userIds, SocketEvents.dmReaction, push);
  }

  @OnEvent('dm.read')
  dmRead({ userIds, ...push }: EventPayload<'dm.read'>): void {
    this.realtime.toUsers(userIds, SocketEvents.dmRead, push);
  }

  @OnEvent('dm.typing')
  dmTyping({ userIds, conversationId, userId }: EventPayload<'dm.typing'>): void {
    this.realtime.toUsers(userIds, SocketEvents.dmTyping, { conversationId, userId });
  }

  @OnEvent('dm.conversation.changed')
  dmConversationChanged({ conversationId, userIds }: EventPayload<'dm.conversation.changed'>): void {
    this.realtime.toUsers(userIds, SocketEvents.dmChanged, { conversationId });
  }

  /** Only to this instance's own sockets: the sweep runs on every instance, and works while Redis is away. */
  @OnEvent('dm.swept')
  dmSwept({ syncs }: EventPayload<'dm.swept'>): void {
    for (const { userId, conversationId, messageId } of syncs) this.realtime.toLocalUser(userId, SocketEvents.dmSync, { conversationId, messageId });
  }
}
