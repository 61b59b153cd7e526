import type { ReactNode } from 'react';
import type { CursorList } from '../../hooks/useCursorList';
import { EmptyState } from '../../components/ui/EmptyState';
import { InfiniteSentinel } from '../../components/ui/InfiniteSentinel';
import { Spinner } from '../../components/ui/Spinner';

interface PagedItemsProps<T extends { id: number }> {
  list: CursorList<T>;
  /** What to show: the list's items, possibly with live ones merged in. */
  items: T[];
  emptyMessage: string;
  /** Accessible name of the list. */
  label: string;
  renderItem: (item: T) => ReactNode;
}

/** Loading row, empty message (with a retry after a failure), the items and infinite scroll. */
export function PagedItems<T extends { id: number }>({ list, items, emptyMessage, label, renderItem }: PagedItemsProps<T>) {
  const { status, hasMore, loadingMore, moreFailed, loadMore, retry } = list;

  if (status === 'loading' && items.length === 0) return <Spinner />;
  if (status === 'error' && items.length === 0) {
    return (
      <EmptyState message={emptyMessage}>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Try again
        </button>
      </EmptyState>
    );
  }
  if (items.length === 0) return <EmptyState message={emptyMessage} />;

  return (
    <>
      <ul className="notice-list" aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      {status === 'ready' && hasMore && !loadingMore && !moreFailed && (
        <InfiniteSentinel key={list.items.length} onVisible={loadMore} label="Load more" />
      )}
      {loadingMore && <Spinner />}
      {moreFailed && (
        <p className="notice-list-end">
          <button type="button" className="btn btn-ghost" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    </>
  );
}
