import type { ReactNode } from 'react';
import { pageItems, type PagedQuery } from '../../queries/paging';
import { EmptyState } from './EmptyState';
import { InfiniteSentinel } from './InfiniteSentinel';
import { Skeleton } from '../skeletons/Skeleton';
import { Spinner } from './Spinner';

/** Items are told apart by their id, or by a key where they have no id of their own (alert groups). */
type Keyed = { id: number } | { key: string };
const keyOf = (item: Keyed) => ('id' in item ? item.id : item.key);

interface PagedListProps<T extends Keyed> {
  query: PagedQuery<T>;
  emptyMessage: string;
  /** Shown, with a retry, when the first page fails (the empty message otherwise). */
  errorMessage?: string;
  /** Said under the empty message (what to do to fill the list). */
  emptyHint?: ReactNode;
  /** Accessible name of the list. */
  label: string;
  renderItem: (item: T) => ReactNode;
  /** `post-list` or `notice-list`: the list and its end row are styled by this class. */
  className: string;
  loadingLabel?: string;
  moreLabel?: string;
  /** Shown once every page is loaded. */
  endNote?: ReactNode;
  /** Drawn while the first page loads, in the list's shape (a spinner otherwise). */
  placeholder?: ReactNode;
}

/**
 * Any keyset-paged list, rendered from its infinite query: a loading row, the empty message (with a
 * retry after a failed first page: failures are logged by the query), the items, infinite
 * scroll, and a retry for a failed further page. A background refetch keeps the items on screen.
 */
export function PagedList<T extends Keyed>({ query, emptyMessage, errorMessage = emptyMessage, emptyHint, label, renderItem, className, loadingLabel, moreLabel = 'Load more', endNote, placeholder }: PagedListProps<T>) {
  const { data, isError, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = query;
  const items = pageItems(data);

  if (!data) {
    if (isError && !isFetching) {
      return (
        <EmptyState message={errorMessage}>
          <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
            Try again
          </button>
        </EmptyState>
      );
    }
    return placeholder ? <Skeleton label={loadingLabel}>{placeholder}</Skeleton> : <Spinner label={loadingLabel} />;
  }
  if (items.length === 0) return <EmptyState message={emptyMessage}>{emptyHint}</EmptyState>;

  const loadMore = () => void fetchNextPage();
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {hasNextPage && !isFetching && !isFetchNextPageError && <InfiniteSentinel key={items.length} onVisible={loadMore} label={moreLabel} />}
      {isFetchingNextPage && <Spinner label={loadingLabel} />}
      {isFetchNextPageError && !isFetching && (
        <p className={`${className}-end`}>
          <button type="button" className="btn btn-ghost" onClick={loadMore}>
            Try again
          </button>
        </p>
      )}
      {!hasNextPage && endNote && <p className={`${className}-end`}>{endNote}</p>}
    </>
  );
}
