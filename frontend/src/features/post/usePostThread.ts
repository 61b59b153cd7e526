import { useQuery } from '@tanstack/react-query';
import type { Post } from '@cloud9/contracts';
import { fetchPost, fetchReplies } from '../../api/posts';
import type { PagedQuery } from '../../queries/paging';
import { usePagedQuery } from '../../queries/usePagedQuery';
import { postsKeys } from '../../queries/posts';

/** The post of /post/:postId, as the address names it; an answer that is not a post counts as missing (null). */
export function usePost(postId: string) {
  return useQuery({
    queryKey: postsKeys.detail(postId),
    queryFn: async ({ signal }) => {
      const post = await fetchPost(postId, signal);
      return post && typeof post.id === 'number' ? post : null;
    },
    meta: { failureMessage: 'Loading the post failed' },
  });
}

export const useReplies = (postId: number): PagedQuery<Post> =>
  usePagedQuery(postsKeys.replies(postId), (cursor, signal) => fetchReplies(postId, cursor, signal), 'Loading replies failed');
