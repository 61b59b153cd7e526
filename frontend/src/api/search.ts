import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const searchProfilePosts = (username: string, query: string, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.search.profile, { params: { username }, query: { query, cursor }, signal });

/** Accounts whose username or name matches `name` (404 when none does). */
export const searchUsers = (name: string, signal?: AbortSignal) => callApi(ROUTES.search.users, { params: { name }, signal });
