import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../stores/session';

/**
 * Provides the query cache and empties it whenever the signed-in account changes (sign-out, a 401,
 * another sign-in), so one account never sees another's data. Pushed events reach it through the
 * realtime connection (queries/RealtimeConnection.tsx).
 */
export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (state.currentUser?.id !== previous.currentUser?.id) client.clear();
      }),
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
