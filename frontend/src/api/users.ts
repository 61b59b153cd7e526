import { ROUTES } from '@cloud9/contracts';
import { callApi } from './client';

export const fetchProfile = (username: string, signal?: AbortSignal) => callApi(ROUTES.users.profile, { params: { username }, signal });

/** Multipart: only the fields the user changed, plus optional thumbnail/background files. */
export const updateUser = (username: string, form: FormData) => callApi(ROUTES.users.update, { params: { username }, body: form });

/** The admin's deletion of an account (its owner deletes their own with the password: deleteOwnAccount). */
export const deleteUser = (id: number): Promise<{ success: boolean; error?: string }> => callApi(ROUTES.users.delete, { params: { id }, body: {} });

/** Up to 8 accounts whose username starts with `prefix` (without `@`), best first. */
export const fetchUsernameSuggestions = (prefix: string, signal?: AbortSignal) => callApi(ROUTES.users.suggest, { query: { prefix }, signal });
