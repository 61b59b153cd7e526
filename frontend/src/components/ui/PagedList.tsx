import type { ReactNode } from 'react';
import type { CursorList } from '../../hooks/useCursorList';
import { EmptyState } from './EmptyState';
import { InfiniteSentinel } from './InfiniteSentinel';
import { Spinner } from './Spinner';

interface PagedListProps<T extends { id: number }> {
  list: CursorList<T>;
  /** What to show: the list's items by default, or those with live ones merged in. */
  items?: T[];
  emptyMessage: string;
  /** Accessible name of the list. */
  label: string;
  renderItem: (item: T) => ReactNode;
  /** `post-list` or `notice-list`: the list and its end row are styled by this class. */
  className: string;
  loadingLabel?: string;
  moreLabel?: string;
  /** Shown once every page is loaded. */
  endNote?: ReactNode;
}

/**
 * Any keyset-paged list: a loading row, the empty message (with a retry after a failed first page:
 * failures are logged by the caller, spec §8), the items, infinite scroll, and a retry for a
 * failed further page.
 */
export function PagedList<T extends { id: number }>({ list, items = list.items, emptyMessage, label, renderItem, className, loadingLabel, moreLabel = 'Load more', endNote }: PagedListProps<T>) {
  const { status, hasMore, loadingMore, moreFailed, loadMore, retry } = list;

  if (status === 'loading' && items.length === 0) return <Spinner label={loadingLabel} />;
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
      <ul className={className} aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      {status === 'ready' && hasMore && !loadingMore && !moreFailed && <InfiniteSentinel key={list.items.length} onVisible={loadMore} label={moreLabel} />}
      {loadingMore && <Spinner label={loadingLabel} />}
      {moreFailed && (
        <p className={`${className}-end`}>
          <button type="button" className="btn btn-ghost" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {!hasMore && endNote && <p className={`${className}-end`}>{endNote}</p>}
    </>
  );
}
