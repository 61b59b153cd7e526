import { useInfiniteQuery } from '@tanstack/react-query';
import type { GifObject, GifSearchResponse } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { fetchGifs } from '../../api/gifs';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';

type GifStatus = 'loading' | 'ready' | 'error' | 'unconfigured';

export interface GifSearchOptions {
  limit: number;
  rating: string;
  debounceMs: number;
}

export interface GifSearch {
  gifs: GifObject[];
  status: GifStatus;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** A search term (empty: trending) in one picker's page size and rating. */
const gifsKeys = {
  search: (term: string, limit: number, rating: string) => ['gifs', term, limit, rating] as const,
};

/** The GIFs of every loaded page, each once (the provider may repeat one across pages). */
function uniqueGifs(pages: GifSearchResponse[]): GifObject[] {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => (Array.isArray(page?.data) ? page.data : []))
    .filter((gif) => {
      if (seen.has(gif.id)) return false;
      seen.add(gif.id);
      return true;
    });
}

/** Trending while `query` is empty, else search; pages by offset (the provider's paging). */
export function useGifSearch(query: string, { limit, rating, debounceMs }: GifSearchOptions): GifSearch {
  const term = useDebouncedValue(query.trim(), debounceMs);
  const search = useInfiniteQuery({
    queryKey: gifsKeys.search(term, limit, rating),
    queryFn: ({ pageParam, signal }) => fetchGifs({ q: term, offset: pageParam, limit, rating }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = uniqueGifs(pages).length;
      return loaded < (last?.pagination?.total_count ?? 0) ? loaded : undefined;
    },
    meta: { failureMessage: 'GIF request failed' },
  });
  const { data, error, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = search;

  let status: GifStatus = 'ready';
  if (!data) status = !error || isFetching ? 'loading' : error instanceof ApiRequestError && error.status === 503 ? 'unconfigured' : 'error';

  return {
    gifs: data ? uniqueGifs(data.pages) : [],
    status,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore: () => void fetchNextPage(),
    retry: () => void refetch(),
  };
}
