import * as z from 'zod/mini';
import { AdminUser, BOOST_QUEUE } from './boosts';
import { MAIL_QUEUE } from './account-mail';

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
export const ADMIN_VISIBLE_QUEUES = [ADMIN_QUEUE, BOOST_QUEUE, BILLING_QUEUE, MAIL_QUEUE] as const;

/** 202 body: the job is still running; poll GET /api/admin/jobs/:queue/:jobId. */
export const AdminJobPending = z.object({
  success: z.literal(false),
  pending: z.literal(true),
  jobId: z.string(),
  queue: z.string(),
  message: z.string(),
});
export type AdminJobPending = z.output<typeof AdminJobPending>;

/** GET /api/admin/jobs/:queue/:jobId — state and progress (0–100) of a job; `result` once completed. */
/** The schema of AdminJobStatus, its result the job's own (unknown here). */
export const AdminJobStatusSchema = z.object({
  jobId: z.string(),
  queue: z.string(),
  name: z.string(),
  state: z.enum(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized', 'waiting-children', 'unknown']),
  progress: z.number(),
  result: z.unknown(),
  error: z.nullable(z.string()),
});

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
export const AdminQueueCounts = z.object({
  queue: z.string(),
  waiting: z.number(),
  active: z.number(),
  delayed: z.number(),
  failed: z.number(),
  completed: z.number(),
});
export type AdminQueueCounts = z.output<typeof AdminQueueCounts>;

/** GET /api/admin/job-counts: every queue the dashboard shows, in ADMIN_VISIBLE_QUEUES order. */
export const AdminJobCounts = z.object({
  queues: z.array(AdminQueueCounts),
});
export type AdminJobCounts = z.output<typeof AdminJobCounts>;

/** POST /api/admin/reset-password {username, newPassword} */
export const AdminResetPasswordResult = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type AdminResetPasswordResult = z.output<typeof AdminResetPasswordResult>;

/**
 * GET /api/admin/backup and GET /api/admin/restore. Files are named, never located: no answer of
 * the admin tools holds a server folder.
 */
export const AdminBackupResult = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The backup file written (backup) or restored from (restore), by name. */
  file: z.string(),
  /** Backup: the file's size in bytes. */
  bytes: z.optional(z.number()),
  /** Backup: older backups deleted to keep the newest ones. */
  removed: z.optional(z.array(z.string())),
  /** Restore: the migrations newer than the backup, run on its data. */
  migrations: z.optional(z.array(z.string())),
  /** What the run reported, in words: timings and pg_dump/pg_restore warnings ('' when there is nothing to add). */
  output: z.string(),
  jobId: z.string(),
});
export type AdminBackupResult = z.output<typeof AdminBackupResult>;

/** GET /api/admin/app-backup */
export const AdminAppBackupResult = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The archive written, by name. */
  file: z.string(),
  bytes: z.number(),
  /** How many uploaded files it holds. */
  files: z.number(),
  jobId: z.string(),
});
export type AdminAppBackupResult = z.output<typeof AdminAppBackupResult>;

/** POST /api/admin/sync-follow-tables: how many users' counts were corrected, each way. */
export const AdminSyncResult = z.object({
  success: z.literal(true),
  followersAdded: z.number(),
  followingsAdded: z.number(),
  jobId: z.string(),
});
export type AdminSyncResult = z.output<typeof AdminSyncResult>;

/** GET /api/admin/orphaned-uploads */
export const AdminOrphansResult = z.object({
  total: z.number(),
  /** The orphaned files' names (without their folders); the delete takes them back. */
  orphaned: z.array(z.string()),
  jobId: z.string(),
});
export type AdminOrphansResult = z.output<typeof AdminOrphansResult>;

/** POST /api/admin/orphaned-uploads/delete */
export const AdminOrphansDeleteResult = z.object({
  success: z.literal(true),
  deleted: z.number(),
  jobId: z.string(),
});
export type AdminOrphansDeleteResult = z.output<typeof AdminOrphansDeleteResult>;

/** GET /api/admin/user/:username */
export const AdminUserLookup = z.object({
  success: z.literal(true),
  user: AdminUser,
});
export type AdminUserLookup = z.output<typeof AdminUserLookup>;

/** One row of GET /api/admin/audit (paged like every list: {items, nextCursor}). */
export const AuditEntry = z.object({
  id: z.number(),
  actorId: z.nullable(z.number()),
  actorUsername: z.string(),
  action: z.string(),
  target: z.nullable(z.string()),
  result: z.string(),
  details: z.nullable(z.record(z.string(), z.unknown())),
  createdAt: z.string(),
});
export type AuditEntry = z.output<typeof AuditEntry>;

/** Path of the Bull Board dashboard (group 1 only). */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';
