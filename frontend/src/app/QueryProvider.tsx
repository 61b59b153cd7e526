import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { subscribeCacheToRealtime } from '../queries/realtimeUpdates';
import { useSessionStore } from '../stores/session';

/**
 * Provides the query cache and keeps it in step with the rest of the app: pushed events update it,
 * and it is emptied whenever the signed-in account changes (sign-out, a 401, another sign-in), so
 * one account never sees another's data.
 */
export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => subscribeCacheToRealtime(client), [client]);
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (state.currentUser?.id !== previous.currentUser?.id) client.clear();
      }),
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
