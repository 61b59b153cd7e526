import { Injectable } from '@nestjs/common';
import type { EventPayload } from '../events/event-map';
import { EventOrder, OnEvent } from '../events/on-event.decorator';
import { InvalidationBus } from './invalidation-bus';

const first = { order: EventOrder.caches };

/**
 * The caches' reading of what changed: each domain event becomes the invalidation of what the
 * in-process caches keep (posts' pages, the hide rule's sets, signed-in users, sessions), on every
 * instance, before anyone is told of the change. The invalidation vocabulary stays here and in the
 * caches; writes speak only of the domain.
 */
@Injectable()
export class CacheInvalidations {
  constructor(private readonly bus: InvalidationBus) {}

  /** A new post may head any feed; a reply may match a search (its parent's count is `post.reacted`). */
  @OnEvent('post.created', first)
  postCreated({ parentId }: EventPayload<'post.created'>): Promise<void> {
    return this.bus.publish(parentId === null ? { all: true } : { matches: true });
  }

  /** Its text, mentions and tags; what matches a search or a tag. */
  @OnEvent('post.changed', first)
  postChanged({ postId }: EventPayload<'post.changed'>): Promise<void> {
    return this.bus.publish({ posts: [postId], matches: true });
  }

  /** With every reply below it (a reply's parent's count is `post.reacted`). */
  @OnEvent('post.deleted', first)
  postDeleted({ postId }: EventPayload<'post.deleted'>): Promise<void> {
    return this.bus.publish({ posts: [postId], matches: true });
  }

  /** Its new count, and the member's flag: pages showing it take them instead of being dropped (SharedPageCache). */
  @OnEvent('post.reacted', first)
  postReacted({ postId, likes, reposts, replies, version, by }: EventPayload<'post.reacted'>): Promise<void> {
    return this.bus.publish({ counts: [{ post: postId, likes, reposts, replies, version, viewer: by?.userId, liked: by?.liked, reposted: by?.reposted }] });
  }

  @OnEvent('account.changed', first)
  accountChanged({ userIds }: EventPayload<'account.changed'>): Promise<void> {
    return this.bus.publish({ users: userIds });
  }

  /** Its group (what it may do, its plan's limits). */
  @OnEvent('account.moved', first)
  accountMoved({ moves }: EventPayload<'account.moved'>): Promise<void> {
    return this.bus.publish({ users: moves.map((move) => move.userId) });
  }

  /** Its likes and reposts left other accounts' posts too: every cached page may be wrong. */
  @OnEvent('account.deleted', first)
  accountDeleted({ userId }: EventPayload<'account.deleted'>): Promise<void> {
    return this.bus.publish({ all: true, users: [userId] });
  }

  /** Any account's counters. */
  @OnEvent('follows.recounted', first)
  followsRecounted(): Promise<void> {
    return this.bus.publish({ all: true });
  }

  /** Their hidden sets, and the flags on their copies of cached pages. */
  @OnEvent('viewer.changed', first)
  viewerChanged({ viewerIds }: EventPayload<'viewer.changed'>): Promise<void> {
    return this.bus.publish({ viewers: viewerIds });
  }

  /** The account's posts leave every list (what everyone is hidden). */
  @OnEvent('moderation.suspended', first)
  suspended(): Promise<void> {
    return this.bus.publish({ all: true, suspensions: true });
  }

  /** The account's posts come back to every list. */
  @OnEvent('moderation.unsuspended', first)
  unsuspended(): Promise<void> {
    return this.bus.publish({ all: true, suspensions: true });
  }

  /** Every feed's pinned head may differ. */
  @OnEvent('boosts.changed', first)
  boostsChanged(): Promise<void> {
    return this.bus.publish({ all: true });
  }

  /** Instances that keep sessions in memory (CachedSessionStore) drop them before the write answers. */
  @OnEvent('sessions.ended', first)
  sessionsEnded({ sessionIds }: EventPayload<'sessions.ended'>): Promise<void> {
    return this.bus.publish({ sessions: sessionIds });
  }

  /** The conversation's pages, and the lists and unread counts of every member (its last message). */
  @OnEvent('dm.sent', first)
  dmSent({ message, memberIds }: EventPayload<'dm.sent'>): Promise<void> {
    return this.bus.publish({ conversations: [message.conversationId], inboxes: memberIds });
  }

  /** The pages show the mark or the hidden message; the lists show it as the last message. */
  @OnEvent('dm.deleted', first)
  dmDeleted({ conversationId, userIds }: EventPayload<'dm.deleted'>): Promise<void> {
    return this.bus.publish({ conversations: [conversationId], inboxes: userIds });
  }

  /** The pages' reactions, and the lists' when it is the last message. */
  @OnEvent('dm.reacted', first)
  dmReacted({ conversationId, userIds }: EventPayload<'dm.reacted'>): Promise<void> {
    return this.bus.publish({ conversations: [conversationId], inboxes: userIds });
  }

  /** The reader's unread counts. */
  @OnEvent('dm.read', first)
  dmRead({ userId }: EventPayload<'dm.read'>): Promise<void> {
    return this.bus.publish({ inboxes: [userId] });
  }

  /** Its members, and where it stands in the lists of those named. */
  @OnEvent('dm.conversation.changed', first)
  dmConversationChanged({ conversationId, userIds }: EventPayload<'dm.conversation.changed'>): Promise<void> {
    return this.bus.publish({ conversations: [conversationId], inboxes: userIds });
  }

  /** Every instance's caches held the replaced data. */
  @OnEvent('data.restored', first)
  dataRestored(): Promise<void> {
    return this.bus.publish({ all: true });
  }
}
