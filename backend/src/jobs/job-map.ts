import type { Job } from 'bullmq';
import { ADMIN_JOB, ADMIN_QUEUE, BILLING_QUEUE, BOOST_QUEUE, BOOST_ROTATE_JOB, MAIL_QUEUE, type BoostRotation, type PushPayload, type TrendingTags, type UserAlert } from '@cloud9/contracts';

/** The billing sweep's job (the client never names it, so it is not in the contracts). */
export const DOWNGRADE_EXPIRED_JOB = 'downgrade-expired';

/** Image work done after the upload's request (the client never names it). */
export const MEDIA_QUEUE = 'media';
export const MEDIA_VARIANTS_JOB = 'variants';

/** The trending hashtags, recomputed on a schedule (the client only reads the result). */
export const HASHTAGS_QUEUE = 'hashtags';
export const TRENDING_JOB = 'trending';

/** Every outgoing mail is one job of the `mail` queue (MAIL_QUEUE, in the contracts for the dashboard's list). */
export const MAIL_SEND_JOB = 'send';

/**
 * One mail: which template, to whom, and what it says. A link carries its token: the job is removed
 * once sent (mail.service.ts), and the queue dashboard shows it redacted.
 */
export type MailJobData =
  | { template: 'verify-email'; to: string; username: string; link: string; change: boolean }
  | { template: 'email-change-notice'; to: string; username: string; newEmail: string }
  | { template: 'reset-password'; to: string; username: string; link: string }
  | { template: 'password-changed'; to: string; username: string }
  | { template: 'new-sign-in'; to: string; username: string; device: string; place: string | null; at: string }
  | { template: 'export-ready'; to: string; username: string; expiresAt: string }
  | { template: 'account-deleted'; to: string; username: string };

/** Members' data exports: one is built after its request; a schedule deletes those past their 7 days. */
export const EXPORTS_QUEUE = 'exports';
export const EXPORT_BUILD_JOB = 'build';
export const EXPORT_CLEANUP_JOB = 'cleanup';

/**
 * Web Push (decision 0096): `alert` pushes one raised alert to its recipient's devices; `notice` one
 * batch of a staff notice's fan-out (a keyset page of every subscription, which enqueues the next);
 * `send` one message to one subscription (a test push, or a delivery tried again after 429/5xx);
 * `dm` one direct message to one recipient's devices (decision 0100).
 */
export const PUSH_QUEUE = 'push';
export const PUSH_ALERT_JOB = 'alert';
export const PUSH_NOTICE_JOB = 'notice';
export const PUSH_SEND_JOB = 'send';
export const PUSH_DM_JOB = 'dm';

/** One push as it goes to a subscription: what it says and its Web Push headers. */
export interface PushMessage {
  payload: PushPayload;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** The Topic header (grouped alerts), or null. */
  topic: string | null;
}

/** What a push job did: delivered, skipped (switch off, page visible, already done), dropped (gone or refused), handed to a retry. */
export interface PushOutcome {
  delivered: number;
  skipped: number;
  dropped: number;
  retrying: number;
}

// The data and results of the jobs, declared with the map so that the jobs layer depends on no domain.
/** Who asked for an admin job (shown in Bull Board); never a secret. */
interface AdminJobData {
  requestedBy?: string;
}

interface OrphanDeleteData extends AdminJobData {
  names?: string[];
}

export interface BackupOutcome {
  file: string;
  bytes: number;
  /** Older backups deleted to keep the newest BACKUP_KEEP. */
  removed: string[];
  output: string;
}

export interface RestoreJobData {
  /** The backup this restore uses, chosen on its first attempt so a retry restores the same one. */
  file?: string;
}

export interface RestoreOutcome {
  file: string;
  output: string;
  migrations: string[];
}

export interface AppBackupOutcome {
  file: string;
  bytes: number;
  files: number;
}

/** Make the responsive variants of a stored image (by storage key) at these widths. */
interface MediaVariantsData {
  storageKey: string;
  widths: number[];
}

export interface OrphanScan {
  total: number;
  orphaned: string[];
}

/** What a job is given (its data in Redis) and what it returns (its result in Redis). */
interface JobType<D extends object, R> {
  data: D;
  result: R;
}

/** Data of a job that needs none: the repeating schedules enqueue `{}`. */
type NoData = Record<string, never>;

/**
 * Every job of every queue, with its data and result: producers (JobsService.add, runAndWait,
 * repeatEvery) and handlers (@JobHandler) are typed by it.
 */
interface JobMap {
  [ADMIN_QUEUE]: {
    [ADMIN_JOB.backup]: JobType<AdminJobData, BackupOutcome>;
    [ADMIN_JOB.restore]: JobType<AdminJobData & RestoreJobData, RestoreOutcome>;
    [ADMIN_JOB.appBackup]: JobType<AdminJobData, AppBackupOutcome>;
    [ADMIN_JOB.syncFollowTables]: JobType<AdminJobData, { followersAdded: number; followingsAdded: number }>;
    [ADMIN_JOB.orphanScan]: JobType<AdminJobData, OrphanScan>;
    [ADMIN_JOB.orphanDelete]: JobType<OrphanDeleteData, { deleted: number; deletedNames: string[] }>;
  };
  [BOOST_QUEUE]: {
    [BOOST_ROTATE_JOB]: JobType<NoData, BoostRotation>;
  };
  [BILLING_QUEUE]: {
    /** The accounts moved to Basic, and how many subscriptions PayPal was asked about first. */
    [DOWNGRADE_EXPIRED_JOB]: JobType<NoData, { downgraded: number[]; asked: number }>;
  };
  [MEDIA_QUEUE]: {
    /** The widths the file has variants of afterwards. */
    [MEDIA_VARIANTS_JOB]: JobType<MediaVariantsData, { widths: number[] }>;
  };
  [HASHTAGS_QUEUE]: {
    /** The list it stored. */
    [TRENDING_JOB]: JobType<NoData, TrendingTags>;
  };
  [MAIL_QUEUE]: {
    /** Whether this attempt handed it over (false: an earlier attempt had), and where (the SMTP server or the .eml file). */
    [MAIL_SEND_JOB]: JobType<MailJobData, { sent: boolean; messageId: string }>;
  };
  [PUSH_QUEUE]: {
    [PUSH_ALERT_JOB]: JobType<{ recipientId: number; alert: UserAlert }, PushOutcome>;
    /** `afterId`: the last subscription id of the batch before (0 for the first). */
    [PUSH_NOTICE_JOB]: JobType<{ noticeId: number; body: string; afterId: number }, PushOutcome>;
    [PUSH_SEND_JOB]: JobType<{ subscriptionId: number; message: PushMessage }, PushOutcome>;
    [PUSH_DM_JOB]: JobType<{ recipientId: number; message: PushMessage }, PushOutcome>;
  };
  [EXPORTS_QUEUE]: {
    /** The export's ZIP size (0 when its row had gone: the account was deleted meanwhile). */
    [EXPORT_BUILD_JOB]: JobType<{ exportId: number }, { bytes: number }>;
    /** How many exports (rows and files) and stray files were deleted. */
    [EXPORT_CLEANUP_JOB]: JobType<NoData, { exports: number; files: number }>;
  };
}

export type QueueName = keyof JobMap;
export type JobName<Q extends QueueName> = keyof JobMap[Q] & string;
/** One entry of the map; the intersection lets the compiler see that every entry has `data` and `result`. */
type Entry<Q extends QueueName, N extends JobName<Q>> = JobMap[Q][N] & JobType<object, unknown>;
export type JobData<Q extends QueueName, N extends JobName<Q>> = Entry<Q, N>['data'];
export type JobResult<Q extends QueueName, N extends JobName<Q>> = Entry<Q, N>['result'];
/** A job as its handler receives it. */
export type QueueJob<Q extends QueueName, N extends JobName<Q>> = Job<JobData<Q, N>, JobResult<Q, N>, N>;
/** The jobs of `Q` whose data may be empty: the only ones a repeating schedule (which enqueues `{}`) can name. */
export type EmptyDataJobName<Q extends QueueName> = { [N in JobName<Q>]: NoData extends JobData<Q, N> ? N : never }[JobName<Q>];

/**
 * The job map's names at run time (types are gone by then): start-up checks that each has exactly
 * one handler. Typed by JobMap, so a job missing here, or here and not there, does not compile.
 */
export const DECLARED_JOBS: { readonly [Q in QueueName]: Readonly<Record<JobName<Q>, true>> } = {
  [ADMIN_QUEUE]: {
    [ADMIN_JOB.backup]: true,
    [ADMIN_JOB.restore]: true,
    [ADMIN_JOB.appBackup]: true,
    [ADMIN_JOB.syncFollowTables]: true,
    [ADMIN_JOB.orphanScan]: true,
    [ADMIN_JOB.orphanDelete]: true,
  },
  [BOOST_QUEUE]: { [BOOST_ROTATE_JOB]: true },
  [BILLING_QUEUE]: { [DOWNGRADE_EXPIRED_JOB]: true },
  [MEDIA_QUEUE]: { [MEDIA_VARIANTS_JOB]: true },
  [HASHTAGS_QUEUE]: { [TRENDING_JOB]: true },
  [MAIL_QUEUE]: { [MAIL_SEND_JOB]: true },
  [EXPORTS_QUEUE]: { [EXPORT_BUILD_JOB]: true, [EXPORT_CLEANUP_JOB]: true },
  [PUSH_QUEUE]: { [PUSH_ALERT_JOB]: true, [PUSH_NOTICE_JOB]: true, [PUSH_SEND_JOB]: true, [PUSH_DM_JOB]: true },
};
