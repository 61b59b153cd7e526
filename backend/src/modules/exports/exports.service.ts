import { randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ConflictException, Inject, Injectable, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';
import { EXPORT_KEEP_DAYS, MESSAGES, type DataExport, type DataExportList } from '@cloud9/contracts';
import { DomainEvents } from '../../common/events/domain-events';
import { RateLimitedException } from '../../common/rate-limit/rate-limit-headers';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { EXPORT_BUILD_JOB, EXPORT_CLEANUP_JOB, EXPORTS_QUEUE, type JobResult, type QueueJob } from '../../jobs/job-map';
import { JobsService } from '../../jobs/jobs.service';
import { MediaStorage } from '../media/public';
import { writeExportArchive } from './export-archive';
import { ExportsRepository, type ExportRow } from './exports.repository';

const DAY_MS = 24 * 3600 * 1000;
const EXPORT_KEEP_MS = EXPORT_KEEP_DAYS * DAY_MS;

/** One scheduler however many instances start. */
const EXPORT_CLEANUP_SCHEDULER = 'exports-cleanup';
/** How often the cleanup runs. */
const CLEANUP_EVERY_MS = 3600 * 1000;
/** A file being written is named so; the cleanup leaves younger ones alone (a build may be writing it). */
const PART = '.part';

/** An export as its owner sees it. */
const toWire = (row: ExportRow): DataExport => ({
  id: row.id,
  status: row.status as DataExport['status'],
  requestedAt: row.requested_at.toISOString(),
  readyAt: row.ready_at?.toISOString() ?? null,
  expiresAt: new Date(row.requested_at.getTime() + EXPORT_KEEP_MS).toISOString(),
  bytes: row.bytes,
});

/** A ready export's file, to stream to its owner. */
export interface ExportDownload {
  file: string;
  bytes: number;
  filename: string;
}

/**
 * Members' data exports (issue 30, item 7): asked for at most once per EXPORT_KEEP_DAYS, built by
 * the `exports/build` job into a ZIP under EXPORT_DIR, downloaded by their owner only, deleted with
 * their files EXPORT_KEEP_DAYS after the request by the hourly `exports/cleanup`. A built export
 * raises `export.ready` (the mail with the link).
 */
@Injectable()
export class ExportsService implements OnApplicationBootstrap {

  constructor(
    private readonly exports: ExportsRepository,
    private readonly jobs: JobsService,
    private readonly storage: MediaStorage,
    private readonly events: DomainEvents,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.jobs.repeatEvery(EXPORTS_QUEUE, EXPORT_CLEANUP_SCHEDULER, CLEANUP_EVERY_MS, EXPORT_CLEANUP_JOB);
  }

  /**
   * A new export of the account, queued for its build: 429 with the date of the next allowed one
   * (and Retry-After) when one was asked for in the last EXPORT_KEEP_DAYS (a failed one does not
   * count). Two requests at once are serialised per account, so only one gets through.
   */
  async request(userId: number, now = new Date()): Promise<DataExport> {
    const row = await this.exports.transaction(async (trx) => {
      await this.exports.lockAccount(trx, userId);
      const latest = await this.exports.latestCounted(trx, userId);
      const next = latest ? latest.requested_at.getTime() + EXPORT_KEEP_MS : 0;
      if (next > now.getTime()) {
        const retryAfter = Math.ceil((next - now.getTime()) / 1000);
        throw new RateLimitedException(MESSAGES.accountData.exportTooSoon(new Date(next).toISOString()), { 'Retry-After': String(retryAfter) });
      }
      return this.exports.insert(trx, userId);
    });
    try {
      await this.jobs.add(EXPORTS_QUEUE, EXPORT_BUILD_JOB, { exportId: row.id }, { jobId: `export-${row.id}` });
    } catch (error) {
      // Not queued (Redis away: 503): it must not hold the account's 7 days.
      await this.exports.markFailed(row.id);
      throw error;
    }
    return toWire(row);
  }

  /** The account's exports of the last EXPORT_KEEP_DAYS, and when it may ask for the next. */
  async list(userId: number, now = new Date()): Promise<DataExportList> {
    const rows = await this.exports.listSince(userId, new Date(now.getTime() - EXPORT_KEEP_MS));
    const counted = rows.find((row) => row.status !== 'failed');
    const next = counted ? new Date(counted.requested_at.getTime() + EXPORT_KEEP_MS) : now;
    return { items: rows.map(toWire), nextAllowedAt: next.toISOString() };
  }

  /**
   * The owner's export: its file when ready, its status while it is being built; 404 for another
   * account's, an unknown or an expired one (nobody learns whether someone else's exists), 409 when
   * its build failed.
   */
  async get(userId: number, id: number, now = new Date()): Promise<{ ready: ExportDownload } | { pending: DataExport }> {
    const row = await this.exports.find(id);
    if (!row || row.user_id !== userId || row.requested_at.getTime() + EXPORT_KEEP_MS <= now.getTime()) {
      throw new NotFoundException(MESSAGES.accountData.exportNotFound);
    }
    if (row.status === 'failed') throw new ConflictException(MESSAGES.accountData.exportFailed);
    if (row.status !== 'ready' || !row.file) return { pending: toWire(row) };
    const file = path.join(this.settings.exportDir, row.file);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new NotFoundException(MESSAGES.accountData.exportNotFound);
    return { ready: { file, bytes: stat.size, filename: `cloud9-data-${row.requested_at.toISOString().slice(0, 10)}.zip` } };
  }

  /** The file's bytes, for the download's answer. */
  open(download: ExportDownload) {
    return createReadStream(download.file);
  }

  /**
   * Builds the export's ZIP under a random name (its row names it; the name is not guessable, and is
   * never served but through its owner's request), through a `.part` file renamed when complete. A
   * retry starts again. An export whose row has gone (the account was deleted) is dropped.
   */
  @JobHandler(EXPORTS_QUEUE, EXPORT_BUILD_JOB)
  async build(job: QueueJob<typeof EXPORTS_QUEUE, typeof EXPORT_BUILD_JOB>): Promise<JobResult<typeof EXPORTS_QUEUE, typeof EXPORT_BUILD_JOB>> {
    const row = await this.exports.find(job.data.exportId);
    if (!row || row.status !== 'pending') return { bytes: row?.bytes ?? 0 };
    await fs.mkdir(this.settings.exportDir, { recursive: true });
    const name = `${row.id}-${randomBytes(16).toString('hex')}.zip`;
    const part = path.join(this.settings.exportDir, `${name}${PART}`);
    try {
      const bytes = await writeExportArchive(part, row.user_id, this.exports, this.storage);
      await fs.rename(part, path.join(this.settings.exportDir, name));
      if (!(await this.exports.markReady(row.id, name, bytes))) {
        await fs.rm(path.join(this.settings.exportDir, name), { force: true });
        return { bytes: 0 };
      }
      await this.events.emit('export.ready', { userId: row.user_id, exportId: row.id, expiresAt: toWire(row).expiresAt });
      return { bytes };
    } catch (error) {
      await fs.rm(part, { force: true });
      // The last attempt marks it failed: its owner may ask again at once.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.exports.markFailed(row.id);
      throw error;
    }
  }

  /**
   * Deletes the exports requested more than EXPORT_KEEP_DAYS ago with their files, and any file of
   * EXPORT_DIR that no export names (its account was deleted, or a build was cut short) once it is
   * older than an hour (`exports/cleanup`, hourly).
   */
  @JobHandler(EXPORTS_QUEUE, EXPORT_CLEANUP_JOB)
  cleanupJob(): Promise<JobResult<typeof EXPORTS_QUEUE, typeof EXPORT_CLEANUP_JOB>> {
    return this.cleanup(new Date());
  }

  async cleanup(now: Date): Promise<JobResult<typeof EXPORTS_QUEUE, typeof EXPORT_CLEANUP_JOB>> {
    const { count, files } = await this.exports.deleteRequestedBefore(new Date(now.getTime() - EXPORT_KEEP_MS));
    await Promise.all(files.map((name) => fs.rm(path.join(this.settings.exportDir, name), { force: true })));
    const names = await fs.readdir(this.settings.exportDir).catch(() => [] as string[]);
    const inUse = await this.exports.filesInUse(names.filter((name) => name.endsWith('.zip')));
    let strays = 0;
    for (const name of names) {
      if (inUse.has(name) || !/^\d+-[0-9a-f]{32}\.zip(\.part)?$/.test(name)) continue;
      const stat = await fs.stat(path.join(this.settings.exportDir, name)).catch(() => null);
      if (!stat || now.getTime() - stat.mtimeMs < CLEANUP_EVERY_MS) continue;
      await fs.rm(path.join(this.settings.exportDir, name), { force: true });
      strays += 1;
    }
    return { exports: count, files: files.length + strays };
  }
}
