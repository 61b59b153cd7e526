import type { ReactNode } from 'react';
import type { Post } from '@cloud9/contracts';
import type { PagedQuery } from '../../queries/paging';
import { PostCardBones } from '../skeletons/ListSkeletons';
import { PagedList } from '../ui/PagedList';
import './post.css';

interface PostListProps {
  query: PagedQuery<Post>;
  emptyMessage: string;
  /** Shown, with a retry, when the first page fails (the empty message otherwise). */
  errorMessage?: string;
  emptyHint?: ReactNode;
  renderPost: (post: Post) => ReactNode;
  /** Accessible name of the list. */
  label: string;
}

/** A paged list of posts (see PagedList), ending with a note once every page is in. */
export function PostList({ query, emptyMessage, errorMessage, emptyHint, renderPost, label }: PostListProps) {
  return (
    <PagedList
      query={query}
      className="post-list"
      label={label}
      emptyMessage={emptyMessage}
      errorMessage={errorMessage}
      emptyHint={emptyHint}
      renderItem={renderPost}
      loadingLabel="Loading posts..."
      placeholder={<PostCardBones />}
      moreLabel="Load more posts"
      endNote={
        <>
          <span aria-hidden="true">☁️ </span>You've reached the end of the sky.
        </>
      }
    />
  );
}
