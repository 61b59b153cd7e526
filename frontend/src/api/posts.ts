import type { Post } from '@cloud9/contracts';
import { apiRequest } from './client';

export const fetchPost = (postId: string, signal?: AbortSignal) =>
  apiRequest<Post>(`/api/posts/${encodeURIComponent(postId)}`, { signal });
