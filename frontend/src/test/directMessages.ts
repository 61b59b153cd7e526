import type { Conversation, DmMember, DmMessage } from '@cloud9/contracts';

/** The signed-in test user (testUser, id 7) as a conversation member, and the other person (8). */
export const me: DmMember = { id: 7, username: 'skyler', name: 'Skyler Blue', thumbnail: null };
export const other: DmMember = { id: 8, username: 'rain', name: 'Rainy Day', thumbnail: null };

/** A message as the API sends it: from the other person, a minute ago, unless overridden. */
export const makeDmMessage = (overrides: Partial<DmMessage> = {}): DmMessage => ({
  id: 1,
  conversationId: 4,
  senderId: other.id,
  text: 'Hello up there',
  media: null,
  gif: null,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  deleted: false,
  reactions: [],
  ...overrides,
});

/** A conversation of two, accepted, with the other person. */
export const makeConversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 4,
  isGroup: false,
  creatorId: other.id,
  members: [other, me],
  lastMessage: null,
  unreadCount: 0,
  muted: false,
  accepted: true,
  reads: [],
  ...overrides,
});
