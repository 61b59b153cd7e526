import type { ReactNode } from 'react';
import type { Post } from '@cloud9/contracts';
import type { CursorList } from '../../hooks/useCursorList';
import { EmptyState } from '../ui/EmptyState';
import { InfiniteSentinel } from '../ui/InfiniteSentinel';
import { Spinner } from '../ui/Spinner';
import './post.css';

interface PostListProps {
  list: CursorList<Post>;
  emptyMessage: string;
  renderPost: (post: Post) => ReactNode;
  /** Accessible name of the list. */
  label: string;
}

/**
 * A paged list of posts: loading row, empty message, infinite scroll, end note. A failed first
 * page reads as empty with a retry button (failures are logged by the caller, spec §8).
 */
export function PostList({ list, emptyMessage, renderPost, label }: PostListProps) {
  const { items, status, hasMore, loadingMore, moreFailed, loadMore, retry } = list;

  if (status === 'loading') return <Spinner label="Loading posts..." />;
  if (status === 'error') {
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
      <ul className="post-list" aria-label={label}>
        {items.map((post) => (
          <li key={post.id}>{renderPost(post)}</li>
        ))}
      </ul>
      {hasMore && !loadingMore && !moreFailed && <InfiniteSentinel key={items.length} onVisible={loadMore} label="Load more posts" />}
      {loadingMore && <Spinner label="Loading more posts..." />}
      {moreFailed && (
        <p className="post-list-end">
          <button type="button" className="btn btn-ghost" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {!hasMore && (
        <p className="post-list-end">
          <span aria-hidden="true">☁️ </span>You've reached the end of the sky.
        </p>
      )}
    </>
  );
}
