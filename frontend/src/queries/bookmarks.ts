import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addBookmark, removeBookmark } from '../api/bookmarks';
import { removeItem, type PagedData } from './paging';
import { postsKeys, updatePost } from './posts';
import type { Post } from '@cloud9/contracts';

/**
 * Saves or unsaves a post. On success every cached copy takes the new flag; an unsaved post leaves
 * the bookmarks list at once, a saved one joins it on its next load (its place is the server's).
 */
export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, bookmarked }: { postId: number; bookmarked: boolean }) => (bookmarked ? addBookmark(postId) : removeBookmark(postId)),
    onSuccess: (result, { postId }) => {
      updatePost(queryClient, postId, (post) => ({ ...post, bookmarked: result.bookmarked }));
      if (result.bookmarked) void queryClient.invalidateQueries({ queryKey: postsKeys.bookmarks(), refetchType: 'none' });
      else queryClient.setQueriesData<PagedData<Post>>({ queryKey: postsKeys.bookmarks() }, (data) => removeItem(data, postId));
    },
  });
}
