import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, DmReaction } from '@cloud9/contracts';
import {
  acceptConversation,
  addConversationMembers,
  deleteDmMessage,
  fetchConversation,
  fetchConversations,
  fetchDmMessages,
  leaveConversation,
  markConversationRead,
  muteConversation,
  reactToMessage,
  sendDmMessage,
  startConversation,
  unmuteConversation,
  unreactToMessage,
  type ConversationFilter,
  type NewDmMessage,
} from '../../api/directMessages';
import { ApiRequestError } from '../../api/client';
import { searchUsers } from '../../api/search';
import { addMessage, dmKeys, markMessageDeleted, refreshDmUnread, removeMessage, setReactions, updateConversation } from '../../queries/directMessages';
import { mapPages, type PagedData } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';

/** The inbox or the Requests, newest conversation first; `search` keeps those with a matching member. */
export const useConversations = (filter: ConversationFilter, search: string) =>
  usePagedQuery(dmKeys.list(filter, search), (cursor, signal) => fetchConversations(filter, search, cursor, signal), 'Loading conversations failed');

export const useConversation = (id: number) =>
  useQuery({
    queryKey: dmKeys.conversation(id),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    meta: { failureMessage: 'Loading the conversation failed' },
  });

/** A conversation's messages: pages newest first (the screen shows them oldest at the top), older pages on request. */
export const useMessages = (id: number) => usePagedQuery(dmKeys.messages(id), (cursor, signal) => fetchDmMessages(id, cursor, signal), 'Loading messages failed');

/** Accounts matching a name, for the new-message picker (the API's 404 for none is an empty list). */
export const useMemberSearch = (name: string) =>
  useQuery({
    queryKey: ['dm', 'member-search', name],
    queryFn: ({ signal }) =>
      searchUsers(name, signal).catch((err: unknown) => {
        if (err instanceof ApiRequestError && err.status === 404) return [];
        throw err;
      }),
    enabled: name.length > 0,
    meta: { failureMessage: 'Searching members failed' },
  });

/** Starts (or finds) the conversation with `memberIds`; answers its id. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberIds: number[]) => startConversation(memberIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dmKeys.lists() }),
  });
}

/** Sends a message: the answered one joins the conversation once (the push of it is the same id). */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewDmMessage) => sendDmMessage(conversationId, message),
    onSuccess: (message) => addMessage(queryClient, conversationId, message),
  });
}

/** Reacts, or takes a reaction back: the message shows the server's counts. */
export function useReact(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, emoji, on }: { messageId: number; emoji: DmReaction; on: boolean }) =>
      on ? reactToMessage(messageId, emoji) : unreactToMessage(messageId, emoji),
    onSuccess: ({ reactions }, { messageId }) => setReactions(queryClient, conversationId, messageId, reactions),
  });
}

/** Deletes a message for oneself (gone from the list) or for everyone (a deleted mark). */
export function useDeleteMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, forWhom }: { messageId: number; forWhom: 'me' | 'everyone' }) => deleteDmMessage(messageId, forWhom),
    onSuccess: (_done, { messageId, forWhom }) =>
      forWhom === 'me' ? removeMessage(queryClient, conversationId, messageId) : markMessageDeleted(queryClient, { conversationId, messageId }),
  });
}

/** Marks the conversation read up to `messageId`: no unread count left, the badge read again. */
export function useMarkRead(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => markConversationRead(conversationId, messageId),
    onSuccess: () => {
      updateConversation(queryClient, conversationId, (c) => (c.unreadCount === 0 ? c : { ...c, unreadCount: 0 }));
      void refreshDmUnread(queryClient);
    },
  });
}

/** Accept a request (it moves to the inbox), mute or unmute, leave: the conversation and the lists follow. */
export function useConversationActions(conversationId: number) {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: dmKeys.lists() });
    void refreshDmUnread(queryClient);
  };
  const accept = useMutation({
    mutationFn: () => acceptConversation(conversationId),
    onSuccess: () => {
      updateConversation(queryClient, conversationId, (c) => ({ ...c, accepted: true }));
      settle();
    },
  });
  const mute = useMutation({
    mutationFn: (on: boolean) => (on ? muteConversation(conversationId) : unmuteConversation(conversationId)),
    onSuccess: (_done, on) => {
      updateConversation(queryClient, conversationId, (c) => ({ ...c, muted: on }));
      settle();
    },
  });
  const leave = useMutation({
    mutationFn: () => leaveConversation(conversationId),
    onSuccess: () => {
      queryClient.setQueriesData<PagedData<Conversation>>({ queryKey: dmKeys.lists() }, (data) =>
        mapPages(data, (items) => (items.some((c) => c.id === conversationId) ? items.filter((c) => c.id !== conversationId) : items)),
      );
      queryClient.removeQueries({ queryKey: dmKeys.conversation(conversationId) });
      queryClient.removeQueries({ queryKey: dmKeys.messages(conversationId) });
      settle();
    },
  });
  return { accept, mute, leave };
}

/** The group's creator adds members: the answered conversation replaces the cached one. */
export function useAddMembers(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => addConversationMembers(conversationId, userIds),
    onSuccess: (conversation) => {
      updateConversation(queryClient, conversationId, () => conversation);
      void queryClient.invalidateQueries({ queryKey: dmKeys.lists() });
    },
  });
}
