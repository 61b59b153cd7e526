import type { CurrentUser, UserProfile } from '@cloud9/contracts';
import { apiRequest } from './client';

export const fetchProfile = (username: string, signal?: AbortSignal) =>
  apiRequest<UserProfile>(`/api/profile/${encodeURIComponent(username)}`, { signal });

/** Multipart: only the fields the user changed, plus optional thumbnail/background files. */
export const updateUser = (username: string, form: FormData) =>
  apiRequest<CurrentUser>(`/api/users/${encodeURIComponent(username)}`, { method: 'PUT', body: form });

export const updateProfilePicture = (username: string, form: FormData) =>
  apiRequest<{ thumbnail: string | null; background: string | null }>(`/api/profile/${encodeURIComponent(username)}`, {
    method: 'PUT',
    body: form,
  });

export const deleteUser = (id: number) => apiRequest<{ success: boolean; error?: string }>(`/api/users/${id}`, { method: 'DELETE' });
