/**
 * Direct messages (decision 0100): conversations of 2 to DM_RULES.groupMax members, who may write to
 * whom, messages, reactions and read marks; the wire shapes and request schemas both sides use. The
 * texts are DM_MESSAGES (direct-messages-text.ts), which only the messages screens and their server
 * load.
 */
import * as z from 'zod/mini';
import { PageQuery } from './requests';
import { DM_MESSAGES as M } from './direct-messages-text';
import { MediaInfo } from './types';
import { codePointsAtMost, emptyIsAbsent, id, idNumber, oneOf, text, textAtMost } from './schema-kit';

export const DM_RULES = {
  /** A message's text, in characters (code points: an emoji is one). */
  textMax: 1000,
  /** Members of a conversation, its creator included (DM_GROUP_MAX sets it on the server; this is its default). */
  groupMaxDefault: 50,
  /** A sender may delete a message for everyone within this long. */
  unsendWindowMs: 10 * 60 * 1000,
  /** A member's typing is relayed at most once in this long per conversation. */
  typingEveryMs: 3000,
  /** How long a typing mark shows without a new one. */
  typingShowsMs: 5000,
  /** The messages before a reported one that its report carries to staff. */
  reportContext: 20,
  /** Members named in one request (a new conversation, an addition). */
  namedMax: 49,
} as const;

/** Who may start a conversation with a member that lands in their inbox; anyone else's lands in Requests. */
export const DM_ALLOW_FROM = ['everyone', 'following', 'nobody'] as const;
export type DmAllowFrom = (typeof DM_ALLOW_FROM)[number];

/** The quick reactions a message takes, one per member per emoji. */
export const DM_REACTIONS = ['❤️', '😂', '😮', '😢', '😡', '👍'] as const;
export type DmReaction = (typeof DM_REACTIONS)[number];

/**
 * The new-conversation limit (RATE_LIMIT_DM_REQUESTS: a count per window, Basic's) for a conversation
 * with people who do not follow its creator, multiplied by plan: Silver ×2, Gold ×3, Platinum ×5,
 * Diamond and staff ×10.
 */
export const DM_REQUEST_FACTOR: Readonly<Record<number, number>> = { 1: 10, 2: 10, 3: 10, 4: 10, 5: 1, 6: 2, 7: 3, 8: 5, 9: 10 };

export const DmMember = z.object({
  id: z.number(),
  username: z.string(),
  name: z.nullable(z.string()),
  thumbnail: z.nullable(z.string()),
});
export type DmMember = z.output<typeof DmMember>;

export const DmReactionCount = z.object({ emoji: z.string(), count: z.number(), mine: z.boolean() });
export type DmReactionCount = z.output<typeof DmReactionCount>;

/**
 * One message. A message deleted for everyone stays as a mark (`deleted`, no text, file or GIF), so
 * every device shows the same list; one deleted for oneself is gone from one's own list.
 */
export const DmMessage = z.object({
  id: z.number(),
  conversationId: z.number(),
  senderId: z.number(),
  text: z.string(),
  /** The uploaded photo, video or audio file. */
  media: z.nullable(z.object({ url: z.string(), mime: z.string(), info: z.optional(MediaInfo) })),
  gif: z.nullable(z.string()),
  createdAt: z.string(),
  deleted: z.boolean(),
  reactions: z.array(DmReactionCount),
});
export type DmMessage = z.output<typeof DmMessage>;

/** A member's last read message, shown to the others when both have read receipts on. */
export const DmReadMark = z.object({ userId: z.number(), messageId: z.number() });
export type DmReadMark = z.output<typeof DmReadMark>;

/**
 * One conversation as a member sees it. `accepted` false: it is in their Requests. `members` are the
 * others and the viewer, creator first. `reads` are the other members' read marks (empty while either
 * side has read receipts off, or the conversation is still a request).
 */
export const Conversation = z.object({
  id: z.number(),
  isGroup: z.boolean(),
  creatorId: z.nullable(z.number()),
  members: z.array(DmMember),
  lastMessage: z.nullable(DmMessage),
  unreadCount: z.number(),
  muted: z.boolean(),
  accepted: z.boolean(),
  reads: z.array(DmReadMark),
});
export type Conversation = z.output<typeof Conversation>;

export const DmUnread = z.object({
  /** Unread messages in the inbox's conversations that are not muted. */
  unread: z.number(),
  /** Conversations waiting in Requests. */
  requests: z.number(),
});
export type DmUnread = z.output<typeof DmUnread>;

export const DmSettings = z.object({
  allowFrom: z.enum(DM_ALLOW_FROM),
  readReceipts: z.boolean(),
  hidePushText: z.boolean(),
});
export type DmSettings = z.output<typeof DmSettings>;

const memberIds = (message: string) =>
  z.array(idNumber(message), { error: message }).check(z.minLength(1, { error: message }), z.maxLength(DM_RULES.namedMax, { error: message }));

/** GET /api/conversations */
export const ConversationsQuery = z.object({
  filter: z.optional(oneOf(['inbox', 'requests'] as const, M.invalidFilter)),
  /** Only conversations with a member whose username or name starts with this. */
  search: emptyIsAbsent(textAtMost(100, M.invalidSearch)),
  ...PageQuery.shape,
});
export type ConversationsQuery = z.output<typeof ConversationsQuery>;

/** POST /api/conversations: the other members (the caller is the creator). */
export const NewConversationBody = z.object({ memberIds: memberIds(M.invalidMemberIds) });
export type NewConversationBody = z.output<typeof NewConversationBody>;

/** POST /api/conversations/:id/members */
export const AddMembersBody = z.object({ userIds: memberIds(M.invalidMemberIds) });
export type AddMembersBody = z.output<typeof AddMembersBody>;

/** POST /api/conversations/:id/messages, as JSON or as multipart text fields beside `file`. */
export const NewMessageBody = z.object({
  text: emptyIsAbsent(codePointsAtMost(DM_RULES.textMax, M.textTooLong)),
  gif: emptyIsAbsent(text(M.gifInvalid)),
});
export type NewMessageBody = z.output<typeof NewMessageBody>;

/** POST /api/conversations/:id/read */
export const ReadBody = z.object({ messageId: id(M.invalidMessageId) });
export type ReadBody = z.output<typeof ReadBody>;

/** POST /api/messages/:id/reactions */
export const DmReactionBody = z.object({ emoji: oneOf(DM_REACTIONS, M.invalidReaction) });
export type DmReactionBody = z.output<typeof DmReactionBody>;

/** DELETE /api/messages/:id?for=me|everyone (me when absent) */
export const DeleteMessageQuery = z.object({ for: z.optional(oneOf(['me', 'everyone'] as const, M.invalidDeleteFor)) });
export type DeleteMessageQuery = z.output<typeof DeleteMessageQuery>;

/** PUT /api/me/dm-settings: every field at once. */
export const DmSettingsBody = z.object({
  allowFrom: oneOf(DM_ALLOW_FROM, M.invalidAllowFrom),
  readReceipts: z.boolean({ error: M.invalidSwitch }),
  hidePushText: z.boolean({ error: M.invalidSwitch }),
});
export type DmSettingsBody = z.output<typeof DmSettingsBody>;

/** Socket payloads (socket-events.ts). */
export interface DmMessagePush {
  conversationId: number;
  message: DmMessage;
}
export interface DmReactionPush {
  conversationId: number;
  messageId: number;
  reactions: { emoji: string; count: number }[];
  /** Who reacted or took a reaction back, and what. */
  userId: number;
  emoji: string;
  added: boolean;
}
export interface DmDeletedPush {
  conversationId: number;
  messageId: number;
  /** Deleted for everyone (it stays as a mark), or only for the member whose devices hear this (it goes). */
  forEveryone: boolean;
}
export interface DmReadPush {
  conversationId: number;
  userId: number;
  messageId: number;
}
export interface DmTypingPush {
  conversationId: number;
  userId: number;
}
