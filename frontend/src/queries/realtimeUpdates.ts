import type { QueryClient } from '@tanstack/react-query';
import { subscribeRealtime } from '../realtime/bus';
import { addAlert, addNotice, noticesKeys, refreshAlertGroups, refreshAlerts, removeAlert, removeNotice, replaceNotice } from './notifications';
import { refreshFirstPage } from './paging';
import { addMessage, applyReactionPush, applyRead, catchUpDirectMessages, markMessageDeleted, refreshConversation, refreshDmUnread, removeMessage, syncConversation } from './directMessages';
import { refreshFeeds } from './postsKeys';

/** Below this scroll offset a boost change reorders the feed live; further down it waits for the next load. */
const BOOST_REFRESH_SCROLL_PX = 600;
const nearTop = () => window.scrollY < BOOST_REFRESH_SCROLL_PX;

/**
 * Pushed events, as the cache takes them: alerts and notices join, leave or change their lists (the
 * alert groups, computed by the server, are read again);
 * `alert:sync` (pushes were lost) reloads the alert lists' page 0; `boosts:changed` reorders the
 * Home feeds in place, unless the reader has scrolled on. Direct messages join their conversation
 * once, in order, and move it to the top of the lists; reactions, deletions and read marks change the
 * cached messages and conversations; `dm:changed` reads the conversation again; `dm:sync` naming a message the cache lacks (a lost push) reads it again. Returns the unsubscribe.
 */
export function subscribeCacheToRealtime(queryClient: QueryClient): () => void {
  const unsubscribes = [
    subscribeRealtime('alert:new', (alert) => {
      addAlert(queryClient, alert);
      void refreshAlertGroups(queryClient);
    }),
    subscribeRealtime('alert:removed', ({ id }) => {
      removeAlert(queryClient, id);
      void refreshAlertGroups(queryClient);
    }),
    subscribeRealtime('alert:sync', () => void refreshAlerts(queryClient)),
    subscribeRealtime('notice:created', (notice) => addNotice(queryClient, notice)),
    subscribeRealtime('notice:updated', (notice) => replaceNotice(queryClient, notice)),
    subscribeRealtime('notice:deleted', ({ id }) => removeNotice(queryClient, id)),
    subscribeRealtime('boosts:changed', () => {
      if (nearTop()) void refreshFeeds(queryClient);
    }),
    subscribeRealtime('dm:message', ({ conversationId, message }) => {
      addMessage(queryClient, conversationId, message);
      void refreshDmUnread(queryClient);
    }),
    subscribeRealtime('dm:reaction', (push) => applyReactionPush(queryClient, push)),
    subscribeRealtime('dm:deleted', (push) => (push.forEveryone ? markMessageDeleted(queryClient, push) : removeMessage(queryClient, push.conversationId, push.messageId))),
    subscribeRealtime('dm:read', (push) => applyRead(queryClient, push)),
    subscribeRealtime('dm:changed', ({ conversationId }) => refreshConversation(queryClient, conversationId)),
    subscribeRealtime('dm:sync', ({ conversationId, messageId }) => syncConversation(queryClient, conversationId, messageId)),
  ];
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}

/**
 * The socket has (re)connected: what it would have pushed meanwhile (direct messages, new alerts and
 * notices, the feed's boost order) is read again, in place, unless the reader has scrolled on or a change of
 * their own is on its way (its answer updates the cache; a reload begun before it could undo that).
 */
export function catchUpAfterConnect(queryClient: QueryClient): void {
  // Messages merge by id, so a send on its way cannot be undone by the catch-up.
  catchUpDirectMessages(queryClient);
  if (!nearTop() || queryClient.isMutating() > 0) return;
  void refreshFeeds(queryClient);
  void refreshAlerts(queryClient);
  void refreshFirstPage(queryClient, noticesKeys.all);
}
