import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api/client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Logged with the error whenever a fetch of the query fails (most read failures are only logged). */
      failureMessage?: string;
    };
  }
}

/**
 * A request that never reached the server (offline, a dropped connection) is tried once more; an
 * answer, 4xx or 5xx, is final: screens show it and offer their own Try again, as they always have.
 */
const retryNetworkFailureOnce = (failureCount: number, error: unknown) => error instanceof ApiRequestError && error.status === 0 && failureCount < 1;

/**
 * The app's query cache. Data counts as stale at once (the default), so a screen shows what it has
 * and asks the server again whenever it mounts, as it did before there was a cache. Nothing is
 * refetched behind the reader's back on focus or reconnect: live changes arrive over the socket.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A cancelled fetch (its screen went away) never gets here.
      onError: (error, query) => {
        if (query.meta?.failureMessage) console.error(query.meta.failureMessage, error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: retryNetworkFailureOnce,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
