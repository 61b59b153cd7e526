import { useDeferredValue, type ReactNode } from 'react';
import { useDrawnCount } from '../../hooks/useDrawnCount';
import { pageItems, type PagedQuery } from '../../queries/paging';
import { EmptyState } from './EmptyState';
import { InfiniteSentinel } from './InfiniteSentinel';
import { Skeleton } from '../skeletons/Skeleton';
import { Spinner } from './Spinner';

/** Items are told apart by their id, or by a key where they have no id of their own (alert groups). */
type Keyed = { id: number } | { key: string };
const keyOf = (item: Keyed) => ('id' in item ? item.id : item.key);

/** About a tall screen's worth of cards: drawn with the data, the rest of the page right after. */
const FIRST_DRAWN = 4;

/**
 * The list's items: a page is up to 20 cards, of which a screen shows a few, so the first
 * FIRST_DRAWN come with the data and the others right after (useDrawnCount). `tail` (more, retry,
 * end) waits for the last item, so the sentinel never asks for the next page while this one is
 * still being drawn.
 */
function Items<T extends Keyed>({ items, renderItem, className, label, tail }: Pick<PagedListProps<T>, 'renderItem' | 'className' | 'label'> & { items: T[]; tail: ReactNode }) {
  const drawn = useDrawnCount(items.length, FIRST_DRAWN);
  return (
    <>
      <ul className={className} aria-label={label}>
        {items.slice(0, drawn).map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {drawn >= items.length && tail}
    </>
  );
}

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
  const { isError, isFetching, isFetchingNextPage, isFetchNextPageError, hasNextPage, fetchNextPage, refetch } = query;
  // A page that arrives is drawn in a deferred render: the cache hands it over in a render React may
  // not split, and a page of cards is the heaviest thing a screen draws. Until then the skeleton (or
  // the items before) stays.
  const data = useDeferredValue(query.data);
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
  const tail = (
    <>
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
  return <Items items={items} renderItem={renderItem} className={className} label={label} tail={tail} />;
}
