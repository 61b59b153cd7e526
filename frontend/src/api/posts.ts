import type { LikeResult, Page, Post, PostCounts, PostEdit, RepostResult } from '@cloud9/contracts';
import { PAGING } from '@cloud9/contracts';
import { apiRequest } from './client';

const enc = encodeURIComponent;

/** Builds `?a=1&b=2`, leaving out empty values. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export interface FeedQuery {
  cursor?: string | null;
  tab?: 'following';
  username?: string;
  /** Free text, may start with '@user'. */
  search?: string;
  category?: string;
  limit?: number;
}

export const fetchPosts = (query: FeedQuery = {}, signal?: AbortSignal) =>
  apiRequest<Page<Post>>(`/api/posts${queryString({ limit: PAGING.defaultLimit, ...query })}`, { signal });

export const fetchCategoryPosts = (category: string, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<Post>>(`/api/posts/category/${enc(category)}${queryString({ limit: PAGING.defaultLimit, cursor })}`, { signal });

export const fetchPost = (postId: string | number, signal?: AbortSignal) => apiRequest<Post>(`/api/posts/${enc(String(postId))}`, { signal });

export const fetchReplies = (postId: string | number, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<Post>>(`/api/posts/${enc(String(postId))}/replies${queryString({ cursor })}`, { signal });

export const fetchPostHistory = (postId: number, signal?: AbortSignal) =>
  apiRequest<{ items: PostEdit[] }>(`/api/posts/${postId}/history`, { signal });

export const fetchRepostCount = (postId: number) => apiRequest<{ count: number }>(`/api/reposts/count/${postId}`);

/** What a composer sends: JSON without a file, multipart with one. */
export interface NewPost {
  content: string;
  category?: string;
  gif?: string | null;
  file?: File | null;
}

export function createPost(post: NewPost): Promise<Post> {
  if (post.file) {
    const form = new FormData();
    form.set('content', post.content);
    if (post.category) form.set('category', post.category);
    form.set('file', post.file);
    if (post.gif) form.set('gif', post.gif);
    return apiRequest<Post>('/api/posts', { method: 'POST', body: form });
  }
  const body: Record<string, string | null> = { content: post.content, gif: post.gif ?? null };
  if (post.category) body.category = post.category;
  return apiRequest<Post>('/api/posts', { method: 'POST', body });
}

export const likePost = (postId: number) => apiRequest<LikeResult>(`/api/posts/${postId}/like`, { method: 'POST', body: {} });

export const repostPost = (postId: number) => apiRequest<RepostResult>(`/api/posts/${postId}/repost`, { method: 'POST', body: {} });

export const replyToPost = (postId: number, content: string) =>
  apiRequest<Post>(`/api/posts/${postId}/reply`, { method: 'POST', body: { content } });

export const editPost = (postId: number, content: string) =>
  apiRequest<{ success: boolean; post: Post }>(`/api/posts/${postId}/edit`, { method: 'PUT', body: { content } });

export const deletePost = (postId: number) => apiRequest<{ success: boolean }>(`/api/posts/${postId}`, { method: 'DELETE' });

/** The profile's lists besides its own posts. */
export type UserPostList = 'replies' | 'liked-posts' | 'reposts' | 'media';

export const fetchUserPostList = (username: string, list: UserPostList, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<Post>>(`/api/users/${enc(username)}/${list}${queryString({ cursor })}`, { signal });

export const fetchUserPostCounts = (username: string, signal?: AbortSignal) =>
  apiRequest<PostCounts>(`/api/users/${enc(username)}/counts`, { signal });
