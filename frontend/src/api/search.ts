import type { Page, Post, UserSearchResult } from '@cloud9/contracts';
import { apiRequest } from './client';
import { queryString } from './posts';

const enc = encodeURIComponent;

export const searchPosts = (query: string, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<Post>>(`/api/search/posts${queryString({ query, cursor })}`, { signal });

/** 404 (ApiRequestError) when nobody matches. */
export const searchUsers = (name: string, signal?: AbortSignal) =>
  apiRequest<UserSearchResult[]>(`/api/search/user/${enc(name)}`, { signal });

export const searchProfilePosts = (username: string, query: string, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<Post>>(`/api/search/profile/${enc(username)}${queryString({ query, cursor })}`, { signal });
