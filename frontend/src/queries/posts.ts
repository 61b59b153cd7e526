import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post, PostEdit } from '@cloud9/contracts';
import { createPost, deletePost, editPost, fetchPostHistory, likePost, replyToPost, repostPost, type NewReply } from '../api/posts';
import { mapPages, prependItem, removeItem, type PagedData } from './paging';
import { postsKeys } from './postsKeys';

export { postsKeys, type HomeFeed } from './postsKeys';

/** A post written in this tab goes on top of every Home feed in the cache (the one on screen shows it at once), and of its tags' lists. */
export function addCreatedPost(queryClient: QueryClient, post: Post): void {
  queryClient.setQueriesData<PagedData<Post>>({ queryKey: postsKeys.feeds() }, (data) => prependItem(data, post));
  for (const tag of post.tags ?? []) queryClient.setQueriesData<PagedData<Post>>({ queryKey: postsKeys.tag(tag) }, (data) => prependItem(data, post));
}

/** Applies `change` to every cached copy of post `postId`, including copies quoted as a reply's original. */
export function updatePost(queryClient: QueryClient, postId: number, change: (post: Post) => Post): void {
  const patch = (post: Post): Post => {
    const next = post.id === postId ? change(post) : post;
    return next.originalPost?.id === postId ? { ...next, originalPost: change(next.originalPost) } : next;
  };
  const holds = (post: Post) => post.id === postId || post.originalPost?.id === postId;
  queryClient.setQueriesData<PagedData<Post>>({ queryKey: postsKeys.lists() }, (data) =>
    mapPages(data, (items) => (items.some(holds) ? items.map(patch) : items)),
  );
  queryClient.setQueriesData<Post>({ queryKey: postsKeys.details() }, (post) => (post && holds(post) ? patch(post) : post));
}

/** A deleted post leaves every cached list (a reply quoting it keeps its copy, as the server would send it). */
export function removePost(queryClient: QueryClient, postId: number): void {
  queryClient.setQueriesData<PagedData<Post>>({ queryKey: postsKeys.lists() }, (data) => removeItem(data, postId));
  queryClient.removeQueries({ queryKey: postsKeys.detail(String(postId)) });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPost, onSuccess: (post) => addCreatedPost(queryClient, post) });
}

export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likePost,
    onSuccess: (result, postId) => updatePost(queryClient, postId, (post) => ({ ...post, likedByMe: result.liked, likes: result.likes })),
  });
}

export function useRepostPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repostPost,
    onSuccess: (result, postId) => updatePost(queryClient, postId, (post) => ({ ...post, repostedByMe: result.reposted, repostsCount: result.reposts })),
  });
}

export function useReplyToPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, ...reply }: NewReply & { postId: number }) => replyToPost(postId, reply),
    onSuccess: (_reply, { postId }) => {
      updatePost(queryClient, postId, (post) => ({ ...post, repliesCount: post.repliesCount + 1 }));
      void queryClient.invalidateQueries({ queryKey: postsKeys.replies(postId) });
      void queryClient.invalidateQueries({ queryKey: postsKeys.thread(String(postId)) });
    },
  });
}

/** Resolves with the saved post: the server's, or (an older server without it) the sent text marked edited now. */
export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, content, alt }: { post: Post; content: string; alt?: string }): Promise<Post> => {
      const result = await editPost(post.id, content, alt);
      const saved = result?.post && typeof result.post.id === 'number' ? result.post : { ...post, content, editedAt: new Date().toISOString() };
      return { ...saved, editedAt: saved.editedAt ?? new Date().toISOString() };
    },
    onSuccess: (saved) => {
      updatePost(queryClient, saved.id, (post) => ({ ...post, ...saved }));
      void queryClient.invalidateQueries({ queryKey: postsKeys.history(saved.id) });
      // An edit may add or drop tags: the tag lists are read again (in place, when shown).
      void queryClient.invalidateQueries({ queryKey: postsKeys.tags() });
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: (_result, postId) => removePost(queryClient, postId) });
}

/** Earlier versions of an edited post, newest first. */
export function usePostHistory(postId: number) {
  return useQuery({
    queryKey: postsKeys.history(postId),
    queryFn: async ({ signal }): Promise<PostEdit[]> => {
      const res = await fetchPostHistory(postId, signal);
      return Array.isArray(res?.items) ? res.items : [];
    },
    meta: { failureMessage: 'History failed' },
  });
}
