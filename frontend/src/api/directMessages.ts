import { ROUTES, type DmReaction, type DmSettingsBody } from '@cloud9/contracts';
import { callApi, formOf } from './client';

/** Direct messages (decision 0100): one function per endpoint of ROUTES.directMessages. */

export type ConversationFilter = 'inbox' | 'requests';

export const fetchConversations = (filter: ConversationFilter, search: string, cursor: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.directMessages.list, { query: { filter, search: search || undefined, cursor }, signal });

/** Starts a conversation with `memberIds` (or finds the one with that one person): its id. */
export const startConversation = (memberIds: number[]) => callApi(ROUTES.directMessages.start, { body: { memberIds } });

export const fetchDmUnread = (signal?: AbortSignal) => callApi(ROUTES.directMessages.unread, { signal });

export const fetchConversation = (id: number, signal?: AbortSignal) => callApi(ROUTES.directMessages.get, { params: { id }, signal });

/** A page of messages, newest first. */
export const fetchDmMessages = (id: number, cursor: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.directMessages.messages, { params: { id }, query: { cursor }, signal });

/** What the composer sends: JSON without a file, multipart with one. */
export interface NewDmMessage {
  text: string;
  gif?: string | null;
  file?: File | null;
}

export function sendDmMessage(id: number, message: NewDmMessage) {
  const route = ROUTES.directMessages.send;
  const text = message.text.trim() ? message.text : undefined;
  if (message.file) return callApi(route, { params: { id }, body: formOf(route, { text, file: message.file }) });
  return callApi(route, { params: { id }, body: { text, gif: message.gif || undefined } });
}

export const markConversationRead = (id: number, messageId: number) => callApi(ROUTES.directMessages.read, { params: { id }, body: { messageId } });

export const acceptConversation = (id: number) => callApi(ROUTES.directMessages.accept, { params: { id } });

/** Leaves a group, or deletes a conversation of two for oneself. */
export const leaveConversation = (id: number) => callApi(ROUTES.directMessages.leave, { params: { id } });

export const addConversationMembers = (id: number, userIds: number[]) => callApi(ROUTES.directMessages.addMembers, { params: { id }, body: { userIds } });

export const muteConversation = (id: number) => callApi(ROUTES.directMessages.mute, { params: { id } });
export const unmuteConversation = (id: number) => callApi(ROUTES.directMessages.unmute, { params: { id } });

export const reactToMessage = (messageId: number, emoji: DmReaction) => callApi(ROUTES.directMessages.react, { params: { id: messageId }, body: { emoji } });
export const unreactToMessage = (messageId: number, emoji: string) => callApi(ROUTES.directMessages.unreact, { params: { id: messageId, emoji } });

export const deleteDmMessage = (messageId: number, forWhom: 'me' | 'everyone') =>
  callApi(ROUTES.directMessages.deleteMessage, { params: { id: messageId }, query: { for: forWhom } });

export const fetchDmSettings = (signal?: AbortSignal) => callApi(ROUTES.directMessages.settings, { signal });
export const saveDmSettings = (settings: DmSettingsBody) => callApi(ROUTES.directMessages.setSettings, { body: settings });

