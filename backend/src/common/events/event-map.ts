import type { DmMessage, DmReactionPush, Post, SystemNotice, UserAlert } from '@cloud9/contracts';

// The payloads are declared with the map, in domain words, so that the events layer depends on no module.

/** A new alert, as its recipient's list shows it. */
interface RaisedAlert {
  recipientId: number;
  alert: UserAlert;
}

/** An alert taken back (its action was undone, or what it points at was deleted). */
interface WithdrawnAlert {
  recipientId: number;
  id: number;
}

/** An account whose group a write changed (a plan bought, ended or set by an admin). */
export interface GroupMove {
  userId: number;
  groupId: number;
}

/** A member a new direct message goes to, and what decides how (DirectMessagesService.send). */
interface DmRecipient {
  userId: number;
  /** The conversation is in their Requests. */
  request: boolean;
  /** They muted the conversation: no push, no badge. */
  muted: boolean;
  /** Their push shows "New message" instead of the text. */
  hidePushText: boolean;
}

type Nothing = Record<string, never>;

/**
 * What a committed write changed that others see, one entry per event: writes raise them
 * (DomainEvents.add in their transaction, `emit` outside one) and subscribers (@OnEvent) push,
 * invalidate and record. Every event has at least one subscriber, or start-up fails.
 */
interface DomainEventMap {
  /** A post or a reply was published (a reply also moves its parent's reply count: `post.reacted`). */
  'post.created': { postId: number; authorId: number; parentId: number | null; category: Post['category']; createdAt: string };
  /** A post's text, mentions, tags or description were edited. */
  'post.changed': { postId: number };
  /** A post was deleted with every reply below it (a reply's parent counts one reply less: `post.reacted`). */
  'post.deleted': { postId: number; parentId: number | null };
  /**
   * A post's counts moved (a like, repost or reply came or went): the new value of the counter the
   * write moved (absolute, never a delta) with its `version` (a later write's is higher:
   * VersionedCount), and for a like or repost the member's own flag now. A toggle that changed nothing
   * (a concurrent one of the same member won) names only the flag.
   */
  'post.reacted': { postId: number; likes?: number; reposts?: number; replies?: number; version?: number; by?: { userId: number; liked?: boolean; reposted?: boolean } };
  /** Alerts were raised for their recipients. */
  'alerts.raised': { alerts: RaisedAlert[] };
  /** Alerts were taken back from their recipients. */
  'alerts.withdrawn': { alerts: WithdrawnAlert[] };
  /** Accounts' rows changed: profile, counters, password. */
  'account.changed': { userIds: number[] };
  /** Accounts moved to another group. */
  'account.moved': { moves: GroupMove[] };
  /** An account was deleted, with its posts, reactions and follows. */
  'account.deleted': { userId: number };
  /** Every account's follow counters were recounted (some were corrected). */
  'follows.recounted': Nothing;
  /** What these viewers hide (accounts, words, posts) or their own flags on posts (bookmarks) changed. */
  'viewer.changed': { viewerIds: number[] };
  /** An account was suspended: its posts are hidden from everyone (its sessions end with it). */
  'moderation.suspended': { userId: number };
  /** An account's suspension was lifted. */
  'moderation.unsuspended': { userId: number };
  /** The boosted posts changed (a rotation, or the admin boosted one): every feed's pinned head may differ. */
  'boosts.changed': Nothing;
  /** Sessions ended (sign-out, password change, account deleted or suspended, the per-account cap). */
  'sessions.ended': { sessionIds: string[] };
  /**
   * A sign-in from a browser that carried no device cookie of the account (a device it has not used
   * before, or not for a year): the "new sign-in" mail. `sessionId` is the session's public id (the
   * one its owner's list shows), `place` its coarse network.
   */
  'auth.new-device-sign-in': { userId: number; sessionId: string; device: string; place: string | null; at: string };
  /** A data export was built: the "your data is ready" mail, with the link to the download. */
  'export.ready': { userId: number; exportId: number; expiresAt: string };
  /**
   * An account was deleted by its owner (after the password): the confirmation mail. The row is gone,
   * so the payload carries the address and name it goes to.
   */
  'account.closed': { userId: number; username: string; email: string; name: string | null };
  /** A system notice was posted. */
  'notice.posted': { notice: SystemNotice };
  /** A system notice was edited. */
  'notice.edited': { notice: SystemNotice };
  /** A system notice was deleted. */
  'notice.deleted': { id: number };
  /**
   * A direct message was sent: to the sender's devices and to `recipients` (the members who hear of
   * it: not one who muted the sender's account). `memberIds`: every member, the sender included.
   */
  'dm.sent': { message: DmMessage; senderId: number; senderName: string; isGroup: boolean; recipients: DmRecipient[]; memberIds: number[] };
  /** A message was deleted, for everyone (`userIds`: every member) or for oneself (`userIds`: that member). */
  'dm.deleted': { conversationId: number; messageId: number; forEveryone: boolean; userIds: number[] };
  /** A message's reactions changed; `userIds` are the members who hear of it. */
  'dm.reacted': DmReactionPush & { userIds: number[] };
  /** A member read up to a message; `userIds` are who hear of it (their own devices, and others when read receipts allow). */
  'dm.read': { conversationId: number; userId: number; messageId: number; userIds: number[] };
  /** A member is typing (not a write; throttled by DirectMessagesService.typing); `userIds` are the other members told. */
  'dm.typing': { conversationId: number; userId: number; userIds: number[] };
  /** A conversation's own facts changed for these members (started, accepted, muted, left, members added, deleted for oneself). */
  'dm.conversation.changed': { conversationId: number; userIds: number[] };
  /**
   * Messages committed since the last sweep, each member's newest per conversation (DmSyncService):
   * told to this instance's own sockets, without Redis, so a lost `dm:message` is still caught up.
   */
  'dm.swept': { syncs: { userId: number; conversationId: number; messageId: number }[] };
  /** A backup replaced the live data. */
  'data.restored': Nothing;
}

export type EventName = keyof DomainEventMap;
export type EventPayload<N extends EventName> = DomainEventMap[N];

/** One raised event as it waits for its dispatch. */
export type RaisedEvent = { [N in EventName]: { name: N; payload: EventPayload<N> } }[EventName];

/**
 * The map's names at run time (types are gone by then): start-up checks that each has a subscriber.
 * Typed by DomainEventMap, so an event missing here, or here and not there, does not compile.
 */
export const DECLARED_EVENTS: Readonly<Record<EventName, true>> = {
  'post.created': true,
  'post.changed': true,
  'post.deleted': true,
  'post.reacted': true,
  'alerts.raised': true,
  'alerts.withdrawn': true,
  'account.changed': true,
  'account.moved': true,
  'account.deleted': true,
  'follows.recounted': true,
  'viewer.changed': true,
  'moderation.suspended': true,
  'moderation.unsuspended': true,
  'boosts.changed': true,
  'sessions.ended': true,
  'auth.new-device-sign-in': true,
  'export.ready': true,
  'account.closed': true,
  'notice.posted': true,
  'notice.edited': true,
  'notice.deleted': true,
  'dm.sent': true,
  'dm.deleted': true,
  'dm.reacted': true,
  'dm.read': true,
  'dm.typing': true,
  'dm.conversation.changed': true,
  'dm.swept': true,
  'data.restored': true,
};
