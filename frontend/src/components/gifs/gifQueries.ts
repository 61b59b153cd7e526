import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { GifObject, GifSearchResponse } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { fetchGifCategories, fetchGifList, fetchRandomGif, type GifListSource } from '../../api/gifs';

/** How a GIF request stands: 'unconfigured' is the server's 503, 'location' the provider's region block (451). */
type GifStatus = 'loading' | 'ready' | 'error' | 'unconfigured' | 'location';

export interface GifListState {
  gifs: GifObject[];
  status: GifStatus;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

const gifsKeys = {
  all: ['gifs'] as const,
  list: (source: GifListSource, limit: number, rating: string) => ['gifs', 'list', source, limit, rating] as const,
  random: (tag: string, rating: string, draw: number) => ['gifs', 'random', tag, rating, draw] as const,
  categories: () => ['gifs', 'categories'] as const,
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

function gifStatusOf(data: unknown, error: unknown, isFetching: boolean): GifStatus {
  if (data) return 'ready';
  if (!error || isFetching) return 'loading';
  if (error instanceof ApiRequestError && error.status === 503) return 'unconfigured';
  if (error instanceof ApiRequestError && error.status === 451) return 'location';
  return 'error';
}

/** A GIF list in one picker's page size and rating, paged by offset (the provider's paging). */
export function useGifList(source: GifListSource | null, limit: number, rating: string): GifListState {
  const list = useInfiniteQuery({
    queryKey: gifsKeys.list(source ?? { kind: 'trending' }, limit, rating),
    queryFn: ({ pageParam, signal }) => fetchGifList(source!, { offset: pageParam, limit, rating }, signal),
    enabled: source !== null,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = uniqueGifs(pages).length;
      return loaded < (last?.pagination?.total_count ?? 0) ? loaded : undefined;
    },
    meta: { failureMessage: 'GIF request failed' },
  });
  const { data, error, isFetching, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = list;
  return {
    gifs: data ? uniqueGifs(data.pages) : [],
    status: gifStatusOf(data, error, isFetching),
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore: () => void fetchNextPage(),
    retry: () => void refetch(),
  };
}

/** One random GIF; each new `draw` asks again (the server never caches a draw). */
export function useRandomGif(request: { tag: string; draw: number } | null, rating: string): GifListState {
  const random = useQuery({
    queryKey: gifsKeys.random(request?.tag ?? '', rating, request?.draw ?? 0),
    queryFn: ({ signal }) => fetchRandomGif(request!.tag, rating, signal),
    enabled: request !== null,
    staleTime: Infinity,
    meta: { failureMessage: 'GIF request failed' },
  });
  const { data, error, isFetching, refetch } = random;
  return {
    gifs: data?.data ? [data.data] : [],
    status: gifStatusOf(data, error, isFetching),
    hasMore: false,
    loadingMore: false,
    loadMore: () => undefined,
    retry: () => void refetch(),
  };
}

/** The provider's categories (a search for a name shows its GIFs); asked once a minute at most. */
export function useGifCategories(enabled: boolean) {
  return useQuery({
    queryKey: gifsKeys.categories(),
    queryFn: ({ signal }) => fetchGifCategories(signal),
    enabled,
    staleTime: 60_000,
    meta: { failureMessage: 'GIF categories request failed' },
  });
}
