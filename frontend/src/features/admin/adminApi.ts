import {
  BOOST_QUEUE,
  type AdminAppBackupResult,
  type AdminBackupResult,
  type AdminJobPending,
  type AdminJobStatus,
  type AdminOrphansDeleteResult,
  type AdminOrphansResult,
  type AdminResetPasswordResult,
  type AdminSyncResult,
  type AdminUser,
  type AdminUserLookup,
  type AuditEntry,
  type BoostRotateResult,
  type GroupPlan,
  type Page,
} from '@cloud9/contracts';
import { apiRequest } from '../../api/client';

/** Every admin call of issue 6. Job endpoints may answer AdminJobPending (202); useAdminJob polls those. */

export type MaybePending<T> = T | AdminJobPending;

export function isJobPending(body: unknown): body is AdminJobPending {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Partial<AdminJobPending>;
  return b.pending === true && typeof b.jobId === 'string' && typeof b.queue === 'string';
}

const pageQuery = (query: string, cursor: string | null) => {
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const resetPassword = (username: string, newPassword: string) =>
  apiRequest<AdminResetPasswordResult>('/api/admin/reset-password', { method: 'POST', body: { username, newPassword } });

export const runDatabaseJob = (kind: 'backup' | 'restore', signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminBackupResult>>(`/api/admin/${kind}`, { signal });

export const runAppBackup = (signal?: AbortSignal) => apiRequest<MaybePending<AdminAppBackupResult>>('/api/admin/app-backup', { signal });

export const syncFollowTables = (signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminSyncResult>>('/api/admin/sync-follow-tables', { method: 'POST', signal });

export const checkOrphanedUploads = (signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminOrphansResult>>('/api/admin/orphaned-uploads', { signal });

export const deleteOrphanedUploads = (signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminOrphansDeleteResult>>('/api/admin/orphaned-uploads/delete', { method: 'POST', signal });

export const fetchJobStatus = <R>(queue: string, jobId: string, signal?: AbortSignal) =>
  apiRequest<AdminJobStatus<R>>(`/api/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(jobId)}`, { signal });

export const lookupUser = (username: string, signal?: AbortSignal) =>
  apiRequest<AdminUserLookup>(`/api/admin/user/${encodeURIComponent(username)}`, { signal });

export const adminBoostPost = (postId: number, signal?: AbortSignal) =>
  apiRequest<{ success: boolean; error?: string }>(`/api/posts/${postId}/boost`, { method: 'POST', signal });

/**
 * PATCH /api/boost/rotate. Its 202 says `{success: false, jobId}` (issue 5), so that answer is turned
 * into the admin jobs' pending shape, on the boosts queue, to be polled like the others.
 */
export async function rotateBoostQueue(signal?: AbortSignal): Promise<MaybePending<BoostRotateResult>> {
  const body = await apiRequest<MaybePending<BoostRotateResult> | null>('/api/boost/rotate', { method: 'PATCH', signal });
  if (isJobPending(body)) return body;
  if (body && body.success === false && typeof body.jobId === 'string' && !('error' in body)) {
    return { success: false, pending: true, jobId: body.jobId, queue: BOOST_QUEUE, message: '' };
  }
  return body as BoostRotateResult;
}

export const fetchGroups = (signal?: AbortSignal) => apiRequest<GroupPlan[]>('/api/groups', { signal });

export const fetchAdminUsers = (query: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<Page<AdminUser>>(`/api/admin/users${pageQuery(query, cursor)}`, { signal });

export const setUserGroup = (id: number, groupId: number) =>
  apiRequest<{ success: true; user: AdminUser }>(`/api/admin/users/${id}`, { method: 'PATCH', body: { group_id: groupId } });

export const fetchAuditLog = (query: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<Page<AuditEntry>>(`/api/admin/audit${pageQuery(query, cursor)}`, { signal });
