import { useCallback, useEffect, useRef, useState } from 'react';
import type { GifObject } from '@cloud9/contracts';
import { ApiRequestError } from '../../api/client';
import { fetchGifs } from '../../api/gifs';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';

export type GifStatus = 'loading' | 'ready' | 'error' | 'unconfigured';

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

/** Trending while `query` is empty, else search; pages by offset (the provider's paging). */
export function useGifSearch(query: string, { limit, rating, debounceMs }: GifSearchOptions): GifSearch {
  const term = useDebouncedValue(query.trim(), debounceMs);
  const [gifs, setGifs] = useState<GifObject[]>([]);
  const [status, setStatus] = useState<GifStatus>('loading');
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);

  const failure = (err: unknown): GifStatus => (err instanceof ApiRequestError && err.status === 503 ? 'unconfigured' : 'error');

  useEffect(() => {
    const gen = ++generation.current;
    const controller = new AbortController();
    setStatus('loading');
    setGifs([]);
    setLoadingMore(false);
    fetchGifs({ q: term, offset: 0, limit, rating }, controller.signal)
      .then((res) => {
        if (gen !== generation.current) return;
        const data = Array.isArray(res?.data) ? res.data : [];
        setGifs(data);
        setTotal(res?.pagination?.total_count ?? data.length);
        setStatus('ready');
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted || gen !== generation.current) return;
        console.error('GIF request failed', err);
        setStatus(failure(err));
      });
    return () => controller.abort();
  }, [term, limit, rating, attempt]);

  const loadMore = useCallback(() => {
    if (status !== 'ready' || loadingMore) return;
    const gen = generation.current;
    setLoadingMore(true);
    fetchGifs({ q: term, offset: gifs.length, limit, rating })
      .then((res) => {
        if (gen !== generation.current) return;
        const seen = new Set(gifs.map((g) => g.id));
        setGifs((prev) => [...prev, ...(res?.data ?? []).filter((g) => !seen.has(g.id))]);
        setTotal(res?.pagination?.total_count ?? 0);
      })
      .catch((err: unknown) => console.error('GIF request failed', err))
      .finally(() => {
        if (gen === generation.current) setLoadingMore(false);
      });
  }, [status, loadingMore, term, gifs, limit, rating]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  return { gifs, status, hasMore: status === 'ready' && gifs.length < total, loadingMore, loadMore, retry };
}
