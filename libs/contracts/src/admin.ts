import { BOOST_QUEUE, type AdminUser } from './boosts';

/**
 * Wire types of the admin tools. Every endpoint that runs a BullMQ job
 * waits for it and answers its usual shape plus `jobId`; past the wait it answers 202 with
 * `AdminJobPending` so the client can poll `GET /api/admin/jobs/:queue/:jobId`.
 */

/** BullMQ queue that runs the admin maintenance jobs (backup, restore, app backup, sync, orphan scan). */
export const ADMIN_QUEUE = 'admin';

export const ADMIN_JOB = {
  backup: 'db-backup',
  restore: 'db-restore',
  appBackup: 'app-backup',
  syncFollowTables: 'sync-follow-tables',
  orphanScan: 'orphaned-uploads-scan',
  orphanDelete: 'orphaned-uploads-delete',
} as const;
export type AdminJobName = (typeof ADMIN_JOB)[keyof typeof ADMIN_JOB];

/** BullMQ queue of the billing sweep (members whose paid period ended fall back to Basic). */
export const BILLING_QUEUE = 'billing';

/** The queues whose jobs GET /api/admin/jobs/:queue/:jobId reports (and Bull Board shows). */
export const ADMIN_VISIBLE_QUEUES = [ADMIN_QUEUE, BOOST_QUEUE, BILLING_QUEUE] as const;

/** 202 body: the job is still running; poll GET /api/admin/jobs/:queue/:jobId. */
export interface AdminJobPending {
  success: false;
  pending: true;
  jobId: string;
  queue: string;
  message: string;
}

/** GET /api/admin/jobs/:queue/:jobId — state and progress (0–100) of a job; `result` once completed. */
export interface AdminJobStatus<R = unknown> {
  jobId: string;
  queue: string;
  name: string;
  state: 'waiting' | 'active' | 'completed' | 'failed' | 'delayed' | 'prioritized' | 'waiting-children' | 'unknown';
  progress: number;
  result: R | null;
  error: string | null;
}

/** How many jobs of one queue are in each state (the queue dashboard's summary). */
export interface AdminQueueCounts {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

/** GET /api/admin/job-counts: every queue the dashboard shows, in ADMIN_VISIBLE_QUEUES order. */
export interface AdminJobCounts {
  queues: AdminQueueCounts[];
}

/** POST /api/admin/reset-password {username, newPassword} */
export interface AdminResetPasswordResult {
  success: true;
  message: string;
}

/**
 * GET /api/admin/backup and GET /api/admin/restore. Files are named, never located: no answer of
 * the admin tools holds a server folder.
 */
export interface AdminBackupResult {
  success: true;
  message: string;
  /** The backup file written (backup) or restored from (restore), by name. */
  file: string;
  /** Backup: the file's size in bytes. */
  bytes?: number;
  /** Backup: older backups deleted to keep the newest ones. */
  removed?: string[];
  /** Restore: the migrations newer than the backup, run on its data. */
  migrations?: string[];
  /** What the run reported, in words: timings and pg_dump/pg_restore warnings ('' when there is nothing to add). */
  output: string;
  jobId: string;
}

/** GET /api/admin/app-backup */
export interface AdminAppBackupResult {
  success: true;
  message: string;
  /** The archive written, by name. */
  file: string;
  bytes: number;
  /** How many uploaded files it holds. */
  files: number;
  jobId: string;
}

/** POST /api/admin/sync-follow-tables: how many users' counts were corrected, each way. */
export interface AdminSyncResult {
  success: true;
  followersAdded: number;
  followingsAdded: number;
  jobId: string;
}

/** GET /api/admin/orphaned-uploads */
export interface AdminOrphansResult {
  total: number;
  /** The orphaned files' names (without their folders); the delete takes them back. */
  orphaned: string[];
  jobId: string;
}

/** POST /api/admin/orphaned-uploads/delete */
export interface AdminOrphansDeleteResult {
  success: true;
  deleted: number;
  jobId: string;
}

/** GET /api/admin/user/:username */
export interface AdminUserLookup {
  success: true;
  user: AdminUser;
}

/** One row of GET /api/admin/audit (paged like every list: {items, nextCursor}). */
export interface AuditEntry {
  id: number;
  actorId: number | null;
  actorUsername: string;
  action: string;
  target: string | null;
  result: string;
  details: Record<string, unknown> | null;
  createdAt: string;
}

/** Path of the Bull Board dashboard (group 1 only). */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';
