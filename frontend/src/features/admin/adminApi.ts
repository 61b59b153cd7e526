import {
  BOOST_QUEUE,
  MESSAGES,
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
  type Page,
} from '@cloud9/contracts';
import { apiRequest } from '../../api/client';

/** Every admin tool call. Job endpoints may answer AdminJobPending (202); useAdminJob polls those. */

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

/** `adminId` is the body's actor field; the server checks it is the session's user. */
export const resetPassword = (username: string, newPassword: string, adminId?: number) =>
  apiRequest<AdminResetPasswordResult>('/api/admin/reset-password', { method: 'POST', body: { adminId, username, newPassword } });

export const runDatabaseJob = (kind: 'backup' | 'restore', signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminBackupResult>>(`/api/admin/${kind}`, { signal });

export const runAppBackup = (signal?: AbortSignal) => apiRequest<MaybePending<AdminAppBackupResult>>('/api/admin/app-backup', { signal });

export const syncFollowTables = (signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminSyncResult>>('/api/admin/sync-follow-tables', { method: 'POST', signal });

export const checkOrphanedUploads = (signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminOrphansResult>>('/api/admin/orphaned-uploads', { signal });

/** Deletes the orphans the scan listed (`names`), judged again by the server; every orphan without names. */
export const deleteOrphanedUploads = (names: string[] | undefined, signal?: AbortSignal) =>
  apiRequest<MaybePending<AdminOrphansDeleteResult>>('/api/admin/orphaned-uploads/delete', { method: 'POST', body: names ? { names } : {}, signal });

export const fetchJobStatus = <R>(queue: string, jobId: string, signal?: AbortSignal) =>
  apiRequest<AdminJobStatus<R>>(`/api/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(jobId)}`, { signal });

export const lookupUser = (username: string, signal?: AbortSignal) =>
  apiRequest<AdminUserLookup>(`/api/admin/user/${encodeURIComponent(username)}`, { signal });

export const adminBoostPost = (postId: number, signal?: AbortSignal) =>
  apiRequest<{ success: boolean; error?: string }>(`/api/posts/${postId}/boost`, { method: 'POST', signal });

/**
 * PATCH /api/boost/rotate. Its 202 says `{success: false, jobId}`, so that answer is turned
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

export const fetchAdminUsers = (query: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<Page<AdminUser>>(`/api/admin/users${pageQuery(query, cursor)}`, { signal });

export const setUserGroup = (id: number, groupId: number) =>
  apiRequest<{ success: true; user: AdminUser }>(`/api/admin/users/${id}`, { method: 'PATCH', body: { group_id: groupId } });

export const fetchAuditLog = (query: string, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<Page<AuditEntry>>(`/api/admin/audit${pageQuery(query, cursor)}`, { signal });

/*
 * A polled job's result is the job's own return value; these give it its endpoint's shape, as the
 * server's controller does when the job finishes within the request. A result without its key
 * fields becomes a failure answer, so the tool reports its failure message.
 */
type Fields = Record<string, unknown>;
const fields = (result: unknown): Fields => (typeof result === 'object' && result !== null ? (result as Fields) : {});
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const noResult = <T>() => ({ success: false, error: 'The job returned no result.' }) as unknown as T;

export const fromDatabaseJob =
  (kind: 'backup' | 'restore') =>
  (result: unknown, jobId: string): AdminBackupResult => {
    const r = fields(result);
    const file = kind === 'backup' ? text(r.path) : text(r.file);
    if (!file) return noResult();
    const message = kind === 'backup' ? MESSAGES.admin.backupWritten(file) : MESSAGES.admin.restored(file);
    return { success: true, message, output: text(r.output), jobId };
  };

export function fromAppBackupJob(result: unknown, jobId: string): AdminAppBackupResult {
  const path = text(fields(result).path);
  return path ? { success: true, message: MESSAGES.admin.appBackupWritten(path), path, jobId } : noResult();
}

export function fromSyncJob(result: unknown, jobId: string): AdminSyncResult {
  const r = fields(result);
  return { success: true, followersAdded: r.followersAdded as number, followingsAdded: r.followingsAdded as number, jobId };
}

export function fromOrphanScanJob(result: unknown, jobId: string): AdminOrphansResult {
  const r = fields(result);
  return { total: r.total as number, orphaned: r.orphaned as string[], jobId };
}

export function fromOrphanDeleteJob(result: unknown, jobId: string): AdminOrphansDeleteResult {
  const deleted = fields(result).deleted;
  return typeof deleted === 'number' ? { success: true, deleted, jobId } : noResult();
}
