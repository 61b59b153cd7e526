import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page, Post } from '@cloud9/contracts';
import { fetchReplies, fetchThread } from '../../api/posts';
import type { Cursor } from '../../queries/paging';
import { postsKeys } from '../../queries/posts';

/** A page of the thread's replies; the first also carries the post and its ancestors (root first). */
export type ThreadPage = Page<Post> & { ancestors?: Post[]; post?: Post };

/**
 * The thread of /post/:postId as one list of replies: the first page is the thread endpoint's
 * answer (post, ancestors, first replies), later pages the replies endpoint's, with its cursor.
 * Kept under the post lists' keys, so like, delete and reply updates reach the replies.
 */
export function useThread(postId: string): UseInfiniteQueryResult<InfiniteData<ThreadPage, Cursor>> {
  return useInfiniteQuery({
    queryKey: postsKeys.thread(postId),
    queryFn: async ({ pageParam, signal }): Promise<ThreadPage> => {
      if (pageParam === null) {
        const thread = await fetchThread(postId, signal);
        return { ...thread.replies, ancestors: thread.ancestors, post: thread.post };
      }
      return fetchReplies(postId, pageParam, signal);
    },
    initialPageParam: null as Cursor,
    getNextPageParam: (last: ThreadPage) => last?.nextCursor ?? null,
    meta: { failureMessage: 'Loading the post failed' },
  });
}
