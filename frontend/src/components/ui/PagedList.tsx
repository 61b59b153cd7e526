import { useDeferredValue, type ReactNode } from 'react';
import { useDrawnCount } from '../../hooks/useDrawnCount';
import { pageItems, type PagedData, type PagedQuery } from '../../queries/paging';
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
 * A page may come back short, even empty, with a cursor: the server examines a bounded number of
 * rows per page (FEED_SCAN_LIMIT) and the viewer's filters may leave none of them. The list then
 * reads on by itself, but after this many empty pages in a row it waits for the reader's click.
 */
const EMPTY_PAGES_BEFORE_ASKING = 3;

/** How many of the last pages brought no item. */
function emptyRun(data: PagedData<unknown>): number {
  let run = 0;
  for (let i = data.pages.length - 1; i >= 0 && !data.pages[i]?.items?.length; i--) run += 1;
  return run;
}

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
  // No item yet but a cursor: the server stopped looking before it found any; the tail reads on.
  if (items.length === 0 && !hasNextPage) return <EmptyState message={emptyMessage}>{emptyHint}</EmptyState>;

  const loadMore = () => void fetchNextPage();
  // Judged on the pages as fetched (the drawn ones may lag a render behind), and no sentinel until
  // the last page fetched is drawn: an empty page changes nothing on screen, so a sentinel still in
  // view would otherwise ask again at once.
  const asking = query.data !== undefined && emptyRun(query.data) >= EMPTY_PAGES_BEFORE_ASKING;
  const more = hasNextPage && !isFetching && !isFetchNextPageError && data === query.data;
  const tail = (
    <>
      {more && !asking && <InfiniteSentinel key={data.pages.length} onVisible={loadMore} label={moreLabel} />}
      {more && asking && (
        <p className={`${className}-end`}>
          <button type="button" className="btn btn-ghost" onClick={loadMore}>
            {moreLabel}
          </button>
        </p>
      )}
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
