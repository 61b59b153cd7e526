import { useEffect, useState } from 'react';
import { canUseAdminTools } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { fetchMe } from '../../api/auth';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { isAbortError } from './adminErrors';

export type AdminCheck = 'checking' | 'admin' | 'denied';

/**
 * Whether the signed-in user is an admin, confirmed with the server (GET /api/me) rather than
 * trusted from localStorage. A stored non-admin is refused at once. If the server cannot be asked
 * (not a 401, which signs out), the stored user decides; the server still enforces every call.
 */
export function useAdminCheck(): AdminCheck {
  const stored = useSessionStore(selectCurrentUser);
  const storedAdmin = canUseAdminTools(stored);
  const [confirmed, setConfirmed] = useState<AdminCheck>('checking');

  useEffect(() => {
    if (!storedAdmin) return;
    let live = true;
    fetchMe()
      .then((me) => {
        if (!live) return;
        if (me && typeof me.username === 'string') useSessionStore.getState().setCurrentUser(me);
        setConfirmed(canUseAdminTools(me) ? 'admin' : 'denied');
      })
      .catch((err: unknown) => {
        if (!live || isAbortError(err)) return;
        if (err instanceof ApiRequestError && err.status === 401) return; // the client signs out
        console.error('Could not confirm admin rights', err);
        setConfirmed('admin');
      });
    return () => {
      live = false;
    };
  }, [storedAdmin]);

  return storedAdmin ? confirmed : 'denied';
}
