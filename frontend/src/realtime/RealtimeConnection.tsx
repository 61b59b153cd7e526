import { useEffect } from 'react';
import { useNotificationsStore } from '../stores/notifications';
import { selectUserId, useSessionStore } from '../stores/session';
import { startRealtime } from './connection';

/**
 * The one place the socket and the fallback poller start and stop: mounted in the signed-in
 * shell, running while a user is signed in. Signing out (or a 401) closes the socket and
 * clears the notification store.
 */
export function RealtimeConnection() {
  const userId = useSessionStore(selectUserId);

  useEffect(() => {
    if (userId === null) return;
    useNotificationsStore.getState().start(userId);
    const stop = startRealtime();
    return () => {
      stop();
      if (useSessionStore.getState().currentUser?.id !== userId) useNotificationsStore.getState().reset();
    };
  }, [userId]);

  return null;
}
