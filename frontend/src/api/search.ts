import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const searchProfilePosts = (username: string, query: string, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.search.profile, { params: { username }, query: { query, cursor }, signal });
