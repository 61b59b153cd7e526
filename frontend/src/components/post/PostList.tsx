import type { ReactNode } from 'react';
import type { Post } from '@cloud9/contracts';
import type { CursorList } from '../../hooks/useCursorList';
import { PagedList } from '../ui/PagedList';
import './post.css';

interface PostListProps {
  list: CursorList<Post>;
  emptyMessage: string;
  renderPost: (post: Post) => ReactNode;
  /** Accessible name of the list. */
  label: string;
}

/** A paged list of posts (see PagedList), ending with a note once every page is in. */
export function PostList({ list, emptyMessage, renderPost, label }: PostListProps) {
  return (
    <PagedList
      list={list}
      className="post-list"
      label={label}
      emptyMessage={emptyMessage}
      renderItem={renderPost}
      loadingLabel="Loading posts..."
      moreLabel="Load more posts"
      endNote={
        <>
          <span aria-hidden="true">☁️ </span>You've reached the end of the sky.
        </>
      }
    />
  );
}
