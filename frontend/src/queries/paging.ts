import type { InfiniteData, QueryClient, QueryKey, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '@cloud9/contracts';

/** Keyset paging: page 0 has no cursor; each page names the next (`nextCursor`), null after the last. */
export type Cursor = string | null;
export type PagedData<T> = InfiniteData<Page<T>, Cursor>;
export type PagedQuery<T> = UseInfiniteQueryResult<PagedData<T>>;

/** Every item of every loaded page, in order. */
export const pageItems = <T>(data: PagedData<T> | undefined): T[] => data?.pages.flatMap((page) => (Array.isArray(page?.items) ? page.items : [])) ?? [];

/** The list with `change` applied to each page's items; pages it leaves alone keep their identity. */
export function mapPages<T>(data: PagedData<T> | undefined, change: (items: T[], pageIndex: number) => T[]): PagedData<T> | undefined {
  if (!data) return data;
  const pages = data.pages.map((page, i) => {
    if (!Array.isArray(page?.items)) return page;
    const items = change(page.items, i);
    return items === page.items ? page : { ...page, items };
  });
  return { ...data, pages };
}

/** Puts `item` at the top of page 0, dropping any older copy of it. */
export const prependItem = <T extends { id: number }>(data: PagedData<T> | undefined, item: T) =>
  mapPages(data, (items, i) => (i === 0 ? [item, ...items.filter((x) => x.id !== item.id)] : items.filter((x) => x.id !== item.id)));

export const removeItem = <T extends { id: number }>(data: PagedData<T> | undefined, id: number) =>
  mapPages(data, (items) => (items.some((x) => x.id === id) ? items.filter((x) => x.id !== id) : items));

export const replaceItem = <T extends { id: number }>(data: PagedData<T> | undefined, item: T) =>
  mapPages(data, (items) => (items.some((x) => x.id === item.id) ? items.map((x) => (x.id === item.id ? item : x)) : items));

/**
 * Fetches page 0 of the lists under `queryKey` again without a loading state: they keep page 0 on
 * screen until the fresh one replaces it (later pages load again as the reader scrolls).
 */
export function refreshFirstPage(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  queryClient.setQueriesData<PagedData<unknown>>({ queryKey }, (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  return queryClient.invalidateQueries({ queryKey });
}

/**
 * Puts a pushed `item` on top of the lists under `queryKey`. A list whose answer is still on its
 * way may have been read before the item existed, so that request gives way to a new one.
 */
export function addPushedItem<T extends { id: number }>(queryClient: QueryClient, queryKey: QueryKey, item: T): void {
  queryClient.setQueriesData<PagedData<T>>({ queryKey }, (data) => prependItem(data, item));
  for (const query of queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
    void query.cancel({ revert: true }).then(() => queryClient.refetchQueries({ queryKey: query.queryKey, exact: true }));
  }
}
