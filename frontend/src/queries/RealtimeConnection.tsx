import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { catchUpAfterConnect, subscribeCacheToRealtime } from './realtimeUpdates';
import { refreshDmUnread } from './directMessages';
import { selectUserId, useSessionStore } from '../stores/session';
import { startRealtime } from '../realtime/connection';

/**
 * The one place the socket and the fallback poller start and stop: mounted in the signed-in
 * shell, running while a user is signed in (the tabs of a browser share one socket and one poll,
 * realtime/shared.ts). Signing out (or a 401) closes the socket. Pushed events
 * update the query cache from here, as only this connection brings any (so the sign-in page's
 * first load carries none of it). The dots' store is signed in and out by the shell (Layout),
 * which shows them before this starts.
 */
export function RealtimeConnection() {
  const userId = useSessionStore(selectUserId);
  const queryClient = useQueryClient();
  // First: the cache listens before the connection can deliver anything.
  useEffect(() => subscribeCacheToRealtime(queryClient), [queryClient]);
  // The Messages badge is read again with each status (a connect, and every poll while the socket is down).
  useEffect(
    () => (userId === null ? undefined : startRealtime(userId, () => catchUpAfterConnect(queryClient), () => void refreshDmUnread(queryClient))),
    [userId, queryClient],
  );
  return null;
}
