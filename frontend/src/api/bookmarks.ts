import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const fetchBookmarks = (cursor?: string | null, signal?: AbortSignal) => callApi(ROUTES.bookmarks.list, { query: { cursor }, signal });

export const addBookmark = (postId: number) => callApi(ROUTES.bookmarks.add, { body: { postId } });

export const removeBookmark = (postId: number) => callApi(ROUTES.bookmarks.remove, { params: { postId } });
