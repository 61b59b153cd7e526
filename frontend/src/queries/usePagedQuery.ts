import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@cloud9/contracts';
import type { Cursor, PagedQuery } from './paging';

// Apart from the page helpers (paging.ts), which the first load needs for pushed events: the
// infinite-query machinery is needed only by the screens that show lists.

/**
 * A keyset-paged list in the cache: `fetchPage` is one of the api functions; a failed page is
 * logged with `failureMessage` (list failures are only logged) and the list offers a retry.
 */
export function usePagedQuery<T>(
  queryKey: QueryKey,
  fetchPage: (cursor: Cursor, signal: AbortSignal) => Promise<Page<T>>,
  failureMessage: string,
): PagedQuery<T> {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as Cursor,
    getNextPageParam: (last: Page<T>) => last?.nextCursor ?? null,
    meta: { failureMessage },
  });
}
