/** Socket.IO event names, rooms and payloads, shared by the server and the client (see docs/architecture.md, Realtime). */
import type { Post, SystemNotice, UserAlert } from './types';
import type { DmDeletedPush, DmMessagePush, DmReactionPush, DmReadPush, DmTypingPush } from './direct-messages';

export const SOCKET_PATH = '/socket.io';

export const SocketRooms = {
  user: (userId: number) => `user:${userId}`,
  notices: 'notices',
} as const;

export const SocketEvents = {
  alertNew: 'alert:new',
  alertRemoved: 'alert:removed',
  alertSync: 'alert:sync',
  noticeCreated: 'notice:created',
  noticeUpdated: 'notice:updated',
  noticeDeleted: 'notice:deleted',
  postCreated: 'post:created',
  boostsChanged: 'boosts:changed',
  accountUpdated: 'account:updated',
  dmMessage: 'dm:message',
  dmReaction: 'dm:reaction',
  dmDeleted: 'dm:deleted',
  dmRead: 'dm:read',
  dmTyping: 'dm:typing',
  dmChanged: 'dm:changed',
  dmSync: 'dm:sync',
} as const;

/** Payload of `alert:sync`: the newest alert's id and creation time (ISO, as `UserAlert.createdAt`). */
export interface AlertSync {
  latestAlertId: number;
  latestAlertAt: string;
}

/** Events the server pushes, with their payloads. */
export interface ServerToClientEvents {
  'alert:new': (alert: UserAlert) => void;
  'alert:removed': (payload: { id: number }) => void;
  /**
   * The user's newest alert committed since the last sync, sent a few seconds after the commit by
   * the instance that holds the socket, without Redis: whether or not `alert:new` got through (Redis
   * dying, any gap in the push), a client that knows of nothing as new catches up.
   */
  'alert:sync': (payload: AlertSync) => void;
  'notice:created': (notice: SystemNotice) => void;
  'notice:updated': (notice: SystemNotice) => void;
  'notice:deleted': (payload: { id: number }) => void;
  /**
   * A post was made (to every signed-in socket but its author's): a bare "new posts" signal, naming
   * neither the post nor its author, so nobody learns of a post they may not see; the client reads
   * the feed again, through the hide rule, when the reader asks for the new posts.
   */
  'post:created': (payload: { category: Post['category']; createdAt: string }) => void;
  'boosts:changed': (payload: { at: string }) => void;
  /** The account's group changed (a subscription began or ended, an admin moved it): limits follow at once. */
  'account:updated': (payload: { group_id: number }) => void;
  /** A new message, to every socket of every member (the sender's included); a member who muted the sender's account hears nothing. */
  'dm:message': (payload: DmMessagePush) => void;
  /** A message's reactions changed: the new counts, and who did what. */
  'dm:reaction': (payload: DmReactionPush) => void;
  /** A message was deleted for everyone (to every member), or for oneself (to one's own sockets). */
  'dm:deleted': (payload: DmDeletedPush) => void;
  /**
   * A member read up to a message: to their own sockets always (their unread counts), to the others
   * only when both sides have read receipts on and the conversation is accepted.
   */
  'dm:read': (payload: DmReadPush) => void;
  /** Another member is typing (at most once every DM_RULES.typingEveryMs per member and conversation). */
  'dm:typing': (payload: DmTypingPush) => void;
  /**
   * The newest message of a conversation committed in the last few seconds, sent by the instance that
   * holds the socket without Redis (as `alert:sync`): a client that does not have it missed a push and
   * reads the conversation again.
   */
  'dm:sync': (payload: { conversationId: number; messageId: number }) => void;
  /**
   * A conversation's own facts changed for this member (accepted, muted, left, members added, deleted
   * for oneself): read it and the lists again.
   */
  'dm:changed': (payload: { conversationId: number }) => void;
  /**
   * This instance is shutting down (a deploy): the client should reconnect at once, without its
   * back-off, and will reach another instance. Sent only to the instance's own sockets, just before
   * it closes them; a client that misses it reconnects after its usual back-off. Not in SocketEvents
   * (whose values the client forwards to the screens, and which every page's first chunk carries):
   * only the realtime connection, loaded after sign-in, listens for it.
   */
  'server:draining': () => void;
}

/**
 * Why the server refused a socket (the `message` of the client's `connect_error`). After
 * `unauthorized` the client must not retry until it signs in again (REST answers 401 too); after
 * `unavailable` (Redis or the database was away) it may retry later. A refused Origin fails the
 * transport itself (HTTP 403), so the client sees a transport error instead.
 */
export const SocketErrors = {
  unauthorized: 'Unauthorized',
  unavailable: 'Unavailable',
} as const;

/**
 * How long the server keeps a dropped socket's rooms and missed events (connection state recovery):
 * a client back within this window gets what it missed, with `socket.recovered === true`; after it,
 * the client refetches from the REST API.
 */
export const SOCKET_RECOVERY_MS = 2 * 60 * 1000;

/**
 * What the client sends over the socket: the browser's visible-page report and typing marks. `page:visible` is
 * true while any tab of the browser is visible (the tabs share one socket), sent on each (re)connect
 * and whenever that changes; anything but a boolean is ignored. While any socket of a member reports
 * a visible page, their alerts go only to the socket, not as a Web Push. Every action is a REST call.
 */
export interface ClientToServerEvents {
  'page:visible': (visible: boolean) => void;
  /** The member is typing in a conversation: relayed as `dm:typing` to its other members, throttled; anything malformed is ignored. */
  'dm:typing': (payload: { conversationId: number }) => void;
}
