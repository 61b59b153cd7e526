import { ROUTES, type NoticeResult, type NotificationSeenKind, type Page, type UserAlert } from '@cloud9/contracts';
import { callApi, formOf } from './client';
import { posterOf } from './videoPosterPart';

export type SeenKind = NotificationSeenKind;

/** Single alerts (the search): without `grouped` the route answers UserAlert items. */
export const fetchUserAlerts = (userId: number, query: string, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.notifications.alerts, { params: { userId }, query: { cursor, query }, signal }) as Promise<Page<UserAlert>>;

export const fetchNotices = (cursor?: string | null, signal?: AbortSignal) => callApi(ROUTES.notifications.notices, { query: { cursor }, signal });

export const searchNotices = (query: string, cursor?: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.notifications.searchNotices, { query: { query, cursor }, signal });

/** A new notice, or an edit when `id` is given; multipart only when a file is attached (a video with its poster frame when one can be drawn). */
export interface NoticeDraft {
  id?: number;
  message: string;
  file?: File | null;
}

export async function saveNotice(draft: NoticeDraft): Promise<NoticeResult> {
  const route = ROUTES.notifications.saveNotice;
  if (draft.file) {
    const id = draft.id !== undefined ? String(draft.id) : undefined;
    const poster = (await posterOf(draft.file)) ?? undefined;
    return callApi(route, { body: formOf(route, { message: draft.message, file: draft.file, poster, id }) });
  }
  return callApi(route, { body: draft.id !== undefined ? { id: draft.id, message: draft.message } : { message: draft.message } });
}

export const deleteNotice = (id: number): Promise<{ success: boolean }> => callApi(ROUTES.notifications.deleteNotice, { params: { id } });

export const fetchNotificationStatus = (signal?: AbortSignal) => callApi(ROUTES.notifications.status, { signal });

export const markNotificationsSeen = (kind: SeenKind) => callApi(ROUTES.notifications.markSeen, { body: { kind } });
