import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Page } from '@cloud9/contracts';

export type ListStatus = 'loading' | 'ready' | 'error';

export interface CursorList<T> {
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  /** State of the first page (page 0). */
  status: ListStatus;
  loadingMore: boolean;
  /** A later page failed; the items so far stay. */
  moreFailed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Starts again from page 0 (e.g. 'N new posts'). */
  reload: () => void;
  /** Fetches page 0 quietly and swaps it in when it arrives (no loading state; e.g. boosts changed). */
  refresh: () => void;
}

/**
 * A keyset-paged list (DESIGN.md: `?cursor=`). Starts at page 0 whenever `key` changes; answers
 * that arrive for an older key are dropped, so fast typing never shows a stale list.
 */
export function useCursorList<T>(
  key: string,
  load: (cursor: string | null, signal: AbortSignal) => Promise<Page<T>>,
  onError?: (err: unknown) => void,
): CursorList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [cursor, setCursor] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const generation = useRef(0);
  const moreController = useRef<AbortController | null>(null);

  /**
   * Fetches page 0 as a new generation (answers for older ones are dropped). `quiet` keeps the list
   * on screen meanwhile and on failure (a refresh); otherwise it shows loading, then the page or an error.
   */
  const loadFirstPage = useCallback((quiet: boolean): AbortController => {
    const gen = ++generation.current;
    const controller = new AbortController();
    moreController.current?.abort();
    if (quiet) moreController.current = controller;
    else {
      setStatus('loading');
      setItems([]);
      setCursor(null);
    }
    setLoadingMore(false);
    setMoreFailed(false);
    loadRef
      .current(null, controller.signal)
      .then((page) => {
        if (gen !== generation.current) return;
        setItems(Array.isArray(page?.items) ? page.items : []);
        setCursor(page?.nextCursor ?? null);
        setStatus('ready');
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted || gen !== generation.current) return;
        onErrorRef.current?.(err);
        if (!quiet) setStatus('error');
      });
    return controller;
  }, []);

  useEffect(() => {
    const controller = loadFirstPage(false);
    return () => controller.abort();
  }, [key, attempt, loadFirstPage]);

  const loadMore = useCallback(() => {
    if (status !== 'ready' || !cursor || loadingMore) return;
    const gen = generation.current;
    const controller = new AbortController();
    moreController.current = controller;
    setLoadingMore(true);
    setMoreFailed(false);
    loadRef
      .current(cursor, controller.signal)
      .then((page) => {
        if (gen !== generation.current) return;
        setItems((prev) => [...prev, ...(page?.items ?? [])]);
        setCursor(page?.nextCursor ?? null);
        setLoadingMore(false);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted || gen !== generation.current) return;
        onErrorRef.current?.(err);
        setLoadingMore(false);
        setMoreFailed(true);
      });
  }, [status, cursor, loadingMore]);

  const retry = useCallback(() => {
    if (status === 'error') setAttempt((a) => a + 1);
    else {
      setMoreFailed(false);
      loadMore();
    }
  }, [status, loadMore]);

  const reload = useCallback(() => setAttempt((a) => a + 1), []);

  const refresh = useCallback(() => void loadFirstPage(true), [loadFirstPage]);

  return { items, setItems, status, loadingMore, moreFailed, hasMore: cursor !== null, loadMore, retry, reload, refresh };
}
