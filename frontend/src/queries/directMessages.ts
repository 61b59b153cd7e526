import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Conversation, DmDeletedPush, DmMessage, DmReactionCount, DmReactionPush, DmReadPush } from '@cloud9/contracts';
import { fetchDmMessages, fetchDmUnread, type ConversationFilter } from '../api/directMessages';
import { selectUserId, useSessionStore } from '../stores/session';
import { mapPages, type PagedData } from './paging';

/**
 * Direct messages in the cache: the conversation lists (inbox or Requests, with a search), each
 * conversation, its messages (pages newest first, as the API sends them) and the unread count the
 * Messages badge shows. Pushed events (realtimeUpdates.ts) and the screens' mutations change them
 * through the helpers below, so a message is in a list once, in order, however it arrived.
 */
export const dmKeys = {
  all: ['dm'] as const,
  lists: () => [...dmKeys.all, 'list'] as const,
  list: (filter: ConversationFilter, search: string) => [...dmKeys.lists(), filter, search] as const,
  conversations: () => [...dmKeys.all, 'conversation'] as const,
  conversation: (id: number) => [...dmKeys.conversations(), id] as const,
  allMessages: () => [...dmKeys.all, 'messages'] as const,
  messages: (id: number) => [...dmKeys.allMessages(), id] as const,
  unread: () => [...dmKeys.all, 'unread'] as const,
  settings: () => [...dmKeys.all, 'settings'] as const,
};

const myId = () => useSessionStore.getState().currentUser?.id ?? null;

/** The unread messages and waiting requests: the Messages badge. */
export function useDmUnread() {
  const userId = useSessionStore(selectUserId);
  return useQuery({
    queryKey: dmKeys.unread(),
    queryFn: ({ signal }) => fetchDmUnread(signal),
    enabled: userId !== null,
    meta: { failureMessage: 'Loading unread messages failed' },
  });
}

export const refreshDmUnread = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: dmKeys.unread() });

/** `messages` (newest first) with `message` in its place by id, any older copy of it replaced. */
function placeMessage(messages: DmMessage[], message: DmMessage): DmMessage[] {
  const rest = messages.filter((m) => m.id !== message.id);
  const at = rest.findIndex((m) => m.id < message.id);
  return at < 0 ? [...rest, message] : [...rest.slice(0, at), message, ...rest.slice(at)];
}

/**
 * Puts `message` into its conversation's cached pages: once (by id), in order (pages are newest
 * first, ids grow with time). A copy already on a later page is replaced where it is.
 */
function insertMessage(data: PagedData<DmMessage> | undefined, message: DmMessage): PagedData<DmMessage> | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) {
    return mapPages(data, (items) => (items.some((m) => m.id === message.id) ? items.map((m) => (m.id === message.id ? message : m)) : items));
  }
  return mapPages(data, (items, i) => (i === 0 ? placeMessage(items, message) : items));
}

/**
 * Page 0 read again (a reconnect's catch-up) merged into the cached pages by id: new messages join
 * in order, known ones take the server's state. When the fresh page does not reach the cached ones
 * (more was missed than a page holds), it replaces them, so no gap is ever shown as continuous.
 */
export function mergeNewestPage(data: PagedData<DmMessage> | undefined, fresh: { items: DmMessage[]; nextCursor: string | null }): PagedData<DmMessage> {
  const cached = data?.pages.flatMap((page) => page.items) ?? [];
  const oldestFresh = fresh.items.at(-1)?.id;
  const reaches = !fresh.nextCursor || (oldestFresh !== undefined && cached.some((m) => m.id >= oldestFresh));
  if (!data || !reaches) return { pages: [fresh], pageParams: [null] };
  return fresh.items.reduce<PagedData<DmMessage>>((merged, message) => insertMessage(merged, message)!, data);
}

/** Each cached copy of conversation `id` (its own query and every list), changed by `change`. */
export function updateConversation(queryClient: QueryClient, id: number, change: (conversation: Conversation) => Conversation): void {
  queryClient.setQueryData<Conversation>(dmKeys.conversation(id), (c) => (c ? change(c) : c));
  queryClient.setQueriesData<PagedData<Conversation>>({ queryKey: dmKeys.lists() }, (data) =>
    mapPages(data, (items) => (items.some((c) => c.id === id) ? items.map((c) => (c.id === id ? change(c) : c)) : items)),
  );
}

/**
 * A message arrived (pushed, or the answer to one's own send): it joins the conversation's messages
 * and becomes its last message; the conversation moves to the top of the lists it is in, counting
 * one more unread for a message from someone else. A conversation in no cached list (a new one) has
 * the lists read again.
 */
export function addMessage(queryClient: QueryClient, conversationId: number, message: DmMessage): void {
  queryClient.setQueryData<PagedData<DmMessage>>(dmKeys.messages(conversationId), (data) => insertMessage(data, message));
  const fromOther = message.senderId !== myId();
  const bump = (c: Conversation): Conversation => {
    if (c.lastMessage && c.lastMessage.id >= message.id) return c;
    return { ...c, lastMessage: message, unreadCount: fromOther ? c.unreadCount + 1 : c.unreadCount };
  };
  queryClient.setQueryData<Conversation>(dmKeys.conversation(conversationId), (c) => (c ? bump(c) : c));
  let listed = false;
  queryClient.setQueriesData<PagedData<Conversation>>({ queryKey: dmKeys.lists() }, (data) => {
    const found = data?.pages.flatMap((page) => page.items).find((c) => c.id === conversationId);
    if (!data || !found) return data;
    listed = true;
    const moved = bump(found);
    return mapPages(data, (items, i) => {
      const rest = items.filter((c) => c.id !== conversationId);
      return i === 0 ? [moved, ...rest] : rest.length === items.length ? items : rest;
    });
  });
  if (!listed) void queryClient.invalidateQueries({ queryKey: dmKeys.lists() });
}

/** The message's new state wherever it is cached: its conversation's pages and lists' last messages. */
function updateMessage(queryClient: QueryClient, conversationId: number, messageId: number, change: (message: DmMessage) => DmMessage): void {
  queryClient.setQueryData<PagedData<DmMessage>>(dmKeys.messages(conversationId), (data) =>
    mapPages(data, (items) => (items.some((m) => m.id === messageId) ? items.map((m) => (m.id === messageId ? change(m) : m)) : items)),
  );
  updateConversation(queryClient, conversationId, (c) => (c.lastMessage?.id === messageId ? { ...c, lastMessage: change(c.lastMessage) } : c));
}

/** A message's reactions as the server counted them (the answer to one's own react or unreact). */
export const setReactions = (queryClient: QueryClient, conversationId: number, messageId: number, reactions: DmReactionCount[]) =>
  updateMessage(queryClient, conversationId, messageId, (m) => ({ ...m, reactions }));

/** A pushed reaction change: the new counts; `mine` kept per emoji, except the viewer's own change. */
export function applyReactionPush(queryClient: QueryClient, push: DmReactionPush): void {
  const me = myId();
  updateMessage(queryClient, push.conversationId, push.messageId, (m) => ({
    ...m,
    reactions: push.reactions.map(({ emoji, count }) => ({
      emoji,
      count,
      mine: push.userId === me && emoji === push.emoji ? push.added : (m.reactions.find((r) => r.emoji === emoji)?.mine ?? false),
    })),
  }));
}

/** Deleted for everyone: the message stays as a mark, without its text, file, GIF or reactions. */
export const markMessageDeleted = (queryClient: QueryClient, { conversationId, messageId }: Pick<DmDeletedPush, 'conversationId' | 'messageId'>) =>
  updateMessage(queryClient, conversationId, messageId, (m) => ({ ...m, deleted: true, text: '', media: null, gif: null, reactions: [] }));

/** Deleted for oneself: gone from one's own list. */
export function removeMessage(queryClient: QueryClient, conversationId: number, messageId: number): void {
  queryClient.setQueryData<PagedData<DmMessage>>(dmKeys.messages(conversationId), (data) =>
    mapPages(data, (items) => (items.some((m) => m.id === messageId) ? items.filter((m) => m.id !== messageId) : items)),
  );
}

/**
 * A read mark: another member's moves their "Seen" (never backwards); the viewer's own (this device
 * or another) clears the conversation's unread count. The badge is read again either way.
 */
export function applyRead(queryClient: QueryClient, { conversationId, userId, messageId }: DmReadPush): void {
  if (userId === myId()) {
    updateConversation(queryClient, conversationId, (c) => (c.unreadCount === 0 ? c : { ...c, unreadCount: 0 }));
  } else {
    updateConversation(queryClient, conversationId, (c) => {
      const before = c.reads.find((r) => r.userId === userId);
      if (before && before.messageId >= messageId) return c;
      return { ...c, reads: [...c.reads.filter((r) => r.userId !== userId), { userId, messageId }] };
    });
  }
  void refreshDmUnread(queryClient);
}

/** A conversation's own facts changed (accepted, muted, left, members added): it, the lists and the badge are read again. */
export function refreshConversation(queryClient: QueryClient, conversationId: number): void {
  void queryClient.invalidateQueries({ queryKey: dmKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: dmKeys.conversation(conversationId) });
  void refreshDmUnread(queryClient);
}

/** Reads page 0 of a conversation's messages and merges it by id (a screen is showing it). */
function catchUpMessages(queryClient: QueryClient, conversationId: number): void {
  fetchDmMessages(conversationId, null)
    .then((fresh) => queryClient.setQueryData<PagedData<DmMessage>>(dmKeys.messages(conversationId), (data) => mergeNewestPage(data, fresh)))
    .catch((err: unknown) => console.error('Catching up on messages failed', err));
}

/** Page 0 merged where a screen shows the messages; elsewhere they are read again when next shown. */
function catchUpConversation(queryClient: QueryClient, conversationId: number): void {
  const key = dmKeys.messages(conversationId);
  const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
  if (!query) return;
  if (query.getObserversCount() > 0) catchUpMessages(queryClient, conversationId);
  else void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
}

const hasMessage = (data: PagedData<DmMessage> | undefined, messageId: number) => data?.pages.some((page) => page.items.some((m) => m.id === messageId)) ?? false;

/**
 * `dm:sync`: a conversation's newest message as the server committed it. A client that has it (or
 * anything newer) missed nothing; otherwise a push was lost, and the conversation's messages, the
 * lists and the badge are read again.
 */
export function syncConversation(queryClient: QueryClient, conversationId: number, messageId: number): void {
  const messages = queryClient.getQueryData<PagedData<DmMessage>>(dmKeys.messages(conversationId));
  const lists = queryClient.getQueriesData<PagedData<Conversation>>({ queryKey: dmKeys.lists() });
  const listedLast = lists
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.items) ?? [])
    .find((c) => c.id === conversationId)?.lastMessage?.id;
  const known = hasMessage(messages, messageId) || (messages?.pages[0]?.items[0]?.id ?? 0) > messageId || (listedLast ?? 0) >= messageId;
  if (known) return;
  catchUpConversation(queryClient, conversationId);
  void queryClient.invalidateQueries({ queryKey: dmKeys.lists() });
  void refreshDmUnread(queryClient);
}

/**
 * The socket (re)connected: what it would have pushed meanwhile is read again. A conversation on
 * screen reads its newest page and merges it by id (older pages stay as they are); the lists and the
 * badge are read again; conversations not on screen read theirs when next shown.
 */
export function catchUpDirectMessages(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: dmKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: dmKeys.conversations() });
  void refreshDmUnread(queryClient);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: dmKeys.allMessages() })) {
    const id = query.queryKey[2];
    if (typeof id === 'number') catchUpConversation(queryClient, id);
  }
}
