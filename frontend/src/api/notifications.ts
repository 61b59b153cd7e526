import type { NoticeResult, NotificationSeenKind, NotificationSeenResult, NotificationStatus, Page, SystemNotice, UserAlert } from '@cloud9/contracts';
import { apiRequest } from './client';
import { queryString } from './posts';

export type SeenKind = NotificationSeenKind;

export const fetchUserAlerts = (userId: number, query: string, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<UserAlert>>(`/api/notifications/user/${userId}${queryString({ cursor, query })}`, { signal });

export const fetchNotices = (cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<SystemNotice>>(`/api/notifications/posts${queryString({ cursor })}`, { signal });

export const searchNotices = (query: string, cursor?: string | null, signal?: AbortSignal) =>
  apiRequest<Page<SystemNotice>>(`/api/search/notifications${queryString({ query, cursor })}`, { signal });

/** A new notice, or an edit when `id` is given; multipart only when a file is attached. */
export interface NoticeDraft {
  id?: number;
  message: string;
  file?: File | null;
}

export function saveNotice(draft: NoticeDraft): Promise<NoticeResult> {
  let body: FormData | Record<string, unknown>;
  if (draft.file) {
    const form = new FormData();
    form.set('message', draft.message);
    form.set('file', draft.file);
    if (draft.id !== undefined) form.set('id', String(draft.id));
    body = form;
  } else {
    body = draft.id !== undefined ? { id: draft.id, message: draft.message } : { message: draft.message };
  }
  return apiRequest('/api/notifications/posts', { method: 'POST', body });
}

export const deleteNotice = (id: number) => apiRequest<{ success: boolean }>(`/api/notifications/posts/${id}`, { method: 'DELETE' });

export const fetchNotificationStatus = (signal?: AbortSignal) => apiRequest<NotificationStatus>('/api/notifications/status', { signal });

export const markNotificationsSeen = (kind: SeenKind) =>
  apiRequest<NotificationSeenResult>('/api/notifications/seen', { method: 'POST', body: { kind } });
