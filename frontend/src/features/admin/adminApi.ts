import {
  BOOST_QUEUE,
  MESSAGES,
  ROUTES,
  type AdminAppBackupResult,
  type AdminBackupResult,
  type AdminJobPending,
  type AdminJobStatus,
  type AdminOrphansDeleteResult,
  type AdminOrphansResult,
  type AdminSyncResult,
  type BoostRotateResult,
} from '@cloud9/contracts';
import { callApi } from '../../api/client';

/** Every admin tool call. Job endpoints may answer AdminJobPending (202); useAdminJob polls those. */

export type MaybePending<T> = T | AdminJobPending;

export function isJobPending(body: unknown): body is AdminJobPending {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Partial<AdminJobPending>;
  return b.pending === true && typeof b.jobId === 'string' && typeof b.queue === 'string';
}

/** `adminId` is the body's actor field; the server checks it is the session's user. */
export const resetPassword = (username: string, newPassword: string, adminId?: number) =>
  callApi(ROUTES.admin.resetPassword, { body: { adminId, username, newPassword } });

export const runDatabaseJob = (kind: 'backup' | 'restore', signal?: AbortSignal): Promise<MaybePending<AdminBackupResult>> =>
  callApi(ROUTES.admin[kind], { signal });

export const runAppBackup = (signal?: AbortSignal): Promise<MaybePending<AdminAppBackupResult>> => callApi(ROUTES.admin.appBackup, { signal });

export const syncFollowTables = (signal?: AbortSignal): Promise<MaybePending<AdminSyncResult>> => callApi(ROUTES.admin.syncFollowTables, { signal });

export const checkOrphanedUploads = (signal?: AbortSignal): Promise<MaybePending<AdminOrphansResult>> => callApi(ROUTES.admin.orphans, { signal });

/** Deletes the orphans the scan listed (`names`), judged again by the server; every orphan without names. */
export const deleteOrphanedUploads = (names: string[] | undefined, signal?: AbortSignal): Promise<MaybePending<AdminOrphansDeleteResult>> =>
  callApi(ROUTES.admin.deleteOrphans, { body: names ? { names } : {}, signal });

/** The job's result type is the caller's to name: the route table knows only that it is the job's return value. */
export const fetchJobStatus = <R>(queue: string, jobId: string, signal?: AbortSignal) =>
  callApi(ROUTES.admin.jobStatus, { params: { queue, jobId }, signal }) as Promise<AdminJobStatus<R>>;

export const fetchJobCounts = (signal?: AbortSignal) => callApi(ROUTES.admin.jobCounts, { signal });

export const lookupUser = (username: string, signal?: AbortSignal) => callApi(ROUTES.admin.userLookup, { params: { username }, signal });

export const adminBoostPost = (postId: number, signal?: AbortSignal): Promise<{ success: boolean; error?: string }> =>
  callApi(ROUTES.boosts.adminBoost, { params: { id: postId }, signal });

/**
 * PATCH /api/boost/rotate. Its 202 says `{success: false, jobId}`, so that answer is turned
 * into the admin jobs' pending shape, on the boosts queue, to be polled like the others.
 */
export async function rotateBoostQueue(signal?: AbortSignal): Promise<MaybePending<BoostRotateResult>> {
  const body: MaybePending<BoostRotateResult> | null = await callApi(ROUTES.boosts.rotate, { signal });
  if (isJobPending(body)) return body;
  if (body && body.success === false && typeof body.jobId === 'string' && !('error' in body)) {
    return { success: false, pending: true, jobId: body.jobId, queue: BOOST_QUEUE, message: '' };
  }
  return body as BoostRotateResult;
}

export const fetchAdminUsers = (query: string, cursor: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.admin.users, { query: { query, cursor }, signal });

export const setUserGroup = (id: number, groupId: number) => callApi(ROUTES.admin.setUserGroup, { params: { id }, body: { group_id: groupId } });

export const fetchAuditLog = (query: string, cursor: string | null, signal?: AbortSignal) =>
  callApi(ROUTES.admin.audit, { query: { query, cursor }, signal });

/*
 * A polled job's result is the job's own return value; these give it its endpoint's shape, as the
 * server's controller does when the job finishes within the request. A result without its key
 * fields becomes a failure answer, so the tool reports its failure message.
 */
type Fields = Record<string, unknown>;
const fields = (result: unknown): Fields => (typeof result === 'object' && result !== null ? (result as Fields) : {});
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const noResult = <T>() => ({ success: false, error: 'The job returned no result.' }) as unknown as T;

const names = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);
const size = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export const fromDatabaseJob =
  (kind: 'backup' | 'restore') =>
  (result: unknown, jobId: string): AdminBackupResult => {
    const r = fields(result);
    const file = text(r.file);
    if (!file) return noResult();
    const message = kind === 'backup' ? MESSAGES.admin.backupWritten(file) : MESSAGES.admin.restored(file);
    const facts = kind === 'backup' ? { bytes: size(r.bytes), removed: names(r.removed) } : { migrations: names(r.migrations) };
    return { success: true, message, file, ...facts, output: text(r.output), jobId };
  };

export function fromAppBackupJob(result: unknown, jobId: string): AdminAppBackupResult {
  const r = fields(result);
  const file = text(r.file);
  return file ? { success: true, message: MESSAGES.admin.appBackupWritten(file), file, bytes: size(r.bytes) ?? 0, files: size(r.files) ?? 0, jobId } : noResult();
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
