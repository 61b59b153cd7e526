import { useEffect } from 'react';
import { selectUserId, useSessionStore } from '../stores/session';
import { startRealtime } from './connection';

/**
 * The one place the socket and the fallback poller start and stop: mounted in the signed-in
 * shell, running while a user is signed in. Signing out (or a 401) closes the socket. The dots'
 * store is signed in and out by the shell (Layout), which shows them before this starts.
 */
export function RealtimeConnection() {
  const userId = useSessionStore(selectUserId);
  useEffect(() => (userId === null ? undefined : startRealtime()), [userId]);
  return null;
}
