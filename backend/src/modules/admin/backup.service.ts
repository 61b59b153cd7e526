import { Inject, Injectable, Logger } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as tar from 'tar';
import { UnrecoverableError } from 'bullmq';
import { ADMIN_JOB, ADMIN_QUEUE, MESSAGES } from '@cloud9/contracts';
import { DomainEvents } from '../../common/events/domain-events';
import { withoutFolders } from '../../common/without-folders';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { publicSettings } from '../../config/public-settings';
import { runMigrations } from '../../database/database-bootstrap';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { JobRefusal } from '../../jobs/job-errors';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { APP_BACKUP, backupsIn, DB_BACKUP, freshBackupName, jobPartialName, pruneBackups, removeJobPartials, stampedAt } from './backup-files';
import { AuditService } from '../audit/audit.service';
import { MediaStorage } from '../media/public';
import { AdminRepository } from './admin.repository';
import { pgConnection } from './pg-connection';
import { restorePlan, STAGING_SCHEMA } from './restore-list';
import { IntoSchema } from './staging-rewrite';
import { lastLines, runCommand, runPipeline } from './run-command';
import type { AppBackupOutcome, BackupOutcome, RestoreJobData, RestoreOutcome } from '../../jobs/job-map';

/** What an admin job may do with its BullMQ job: report progress, remember a choice for its retries. */
export interface JobHandle<D> {
  id?: string;
  data: D;
  updateProgress(progress: number): Promise<unknown>;
  updateData(data: D): Promise<unknown>;
}

/** How often the swap tries for the live tables' locks (each try waits at most 500 ms). */
const LOCK_ATTEMPTS = 20;
/** Why BACKUP_DIR cannot be made: a file in its path, no permission, a read-only file system. */
const UNUSABLE_DIR = new Set(['ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS']);
const AUDIT_MARGIN_MS = 3600 * 1000;
const EXTENSION_NAME = /^[a-z_][a-z0-9_]*$/;
/** The app backup's list of the bucket's objects (STORAGE_DRIVER=s3). */
export const INVENTORY = 'uploads-inventory.ndjson';

/**
 * Database backup and restore (pg_dump / pg_restore against DATABASE_URL) and the app backup
 * (UPLOAD_DIR, or an inventory of the bucket, + settings without secrets), all into BACKUP_DIR. Run by the admin queue's worker.
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger('Backup');

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly repository: AdminRepository,
    private readonly audit: AuditService,
    private readonly events: DomainEvents,
    private readonly storage: MediaStorage,
  ) {}

  private get dir(): string {
    return this.settings.backupDir;
  }

  /**
   * Makes sure BACKUP_DIR is usable, and clears what an earlier attempt of this job left half-written
   * (its worker was killed mid-job). A BACKUP_DIR that cannot be a folder is a wrong setting, not a
   * dependency away: the job fails at once instead of retrying for minutes.
   */
  private async takeOver(job: JobHandle<unknown>): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
    } catch (error) {
      if (UNUSABLE_DIR.has((error as NodeJS.ErrnoException).code ?? '')) throw new UnrecoverableError((error as Error).message);
      throw error;
    }
    const left = await removeJobPartials(this.dir, job.id);
    if (left.length) this.logger.warn(`job ${job.id}: removed ${left.join(', ')} left by an earlier attempt`);
  }

  /** pg_dump -Fc of the app database into a hidden partial file, renamed when complete; keeps the newest BACKUP_KEEP. */
  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.backup)
  async backup(job: JobHandle<unknown>): Promise<BackupOutcome> {
    await this.takeOver(job);
    const file = await freshBackupName(this.dir, 'cloud9', '.dump');
    const partial = path.join(this.dir, jobPartialName(job.id, file));
    const target = path.join(this.dir, file);
    const { database, env } = pgConnection(this.settings.databaseUrl);
    await job.updateProgress(5);
    try {
      const { stderr } = await runCommand('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${database}`], env);
      await job.updateProgress(80);
      await fs.rename(partial, target);
      const { size } = await fs.stat(target);
      const pruned = await pruneBackups(this.dir, DB_BACKUP, this.settings.backupKeep);
      await job.updateProgress(100);
      // What reaches admins names files, never the folder they are in.
      return { file, bytes: size, removed: pruned, output: stderr.trim() ? withoutFolders(lastLines(stderr)) : '' };
    } finally {
      await fs.rm(partial, { force: true });
    }
  }

  /**
   * Replaces the live tables with the newest backup's, without making requests wait on the load:
   * pg_restore loads the backup into the schema restore_staging beside the live tables (data, then
   * indexes and constraints), the migrations newer than the backup run there, and one short
   * transaction locks the live tables, moves them aside and moves the restored ones into public.
   * Requests wait only for that moment, then see the backup's data. In the same transaction sequences
   * are kept no lower than before (no id is handed out twice, so a session of a user made after the
   * backup can never become someone else's) and the audit rows written since the backup are carried
   * over. A failure before the swap leaves the live tables as they were and drops the staging schema.
   */
  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.restore)
  async restore(job: JobHandle<RestoreJobData>): Promise<RestoreOutcome> {
    const file = job.data.file ?? (await backupsIn(this.dir, DB_BACKUP))[0];
    // Only a backup of ours, inside BACKUP_DIR (job data can also come from Bull Board).
    if (!file || !DB_BACKUP.test(file)) throw new JobRefusal(404, MESSAGES.admin.noBackup);
    const source = path.join(this.dir, file);
    if (!(await fs.stat(source).catch(() => null))) throw new JobRefusal(404, MESSAGES.admin.noBackup);
    if (job.data.file !== file) await job.updateData({ ...job.data, file });
    await this.takeOver(job);
    await job.updateProgress(5);
    const { loadMs, swapMs, migrations, stderr } = await this.repository.exclusively(async () => {
      let swapped: Awaited<ReturnType<BackupService['loadAndSwap']>>;
      try {
        swapped = await this.loadAndSwap(job, file);
      } catch (error) {
        await this.repository.dropRestoreSchemas().catch((e: Error) => this.logger.warn(`restore cleanup: ${e.message}`));
        const message = MESSAGES.admin.restoreLeftLiveData((error as Error).message);
        throw error instanceof UnrecoverableError ? new UnrecoverableError(message) : new Error(message);
      }
      // The replaced tables: nothing refers to them any more. A failure here only leaves them for the next restore.
      await this.repository.dropRestoreSchemas().catch((e: Error) => this.logger.warn(`dropping the replaced tables: ${e.message}`));
      return swapped;
    });
    await this.events.emit('data.restored', {});
    await job.updateProgress(100);
    this.logger.log(`restored ${file} (loaded in ${loadMs} ms, swapped in ${swapMs} ms)${migrations.length ? `, migrated ${migrations.join(', ')}` : ''}`);
    const notes = [
      `Loaded beside the live tables in ${(loadMs / 1000).toFixed(1)} s, swapped in ${swapMs} ms.`,
      stderr.trim() ? withoutFolders(lastLines(stderr)) : '',
    ];
    return { file, output: notes.filter(Boolean).join(' '), migrations };
  }

  /** The restore up to the swap's commit, holding the restore lock: when it throws, the live tables are as they were. */
  private async loadAndSwap(job: JobHandle<RestoreJobData>, file: string): Promise<{ loadMs: number; swapMs: number; migrations: string[]; stderr: string }> {
    const source = path.join(this.dir, file);
    const { database, env } = pgConnection(this.settings.databaseUrl);
    const toc = await runCommand('pg_restore', ['--list', source], env).catch((error: Error) => {
      throw new UnrecoverableError(MESSAGES.admin.backupUnreadable(file, error.message)); // the file will not change
    });
    const plan = restorePlan(toc.stdout);
    if (plan.unsupported.length) throw new UnrecoverableError(MESSAGES.admin.backupNotMovable(plan.unsupported.join(', ')));
    // What an earlier attempt left (its worker was killed): the restore lock says no restore is running.
    await this.repository.dropRestoreSchemas();
    for (const name of plan.extensions.filter((e) => EXTENSION_NAME.test(e))) await this.repository.createExtension(name);
    const listFile = path.join(this.dir, jobPartialName(job.id, 'restore.list'));
    await fs.writeFile(listFile, plan.list);
    await job.updateProgress(10);

    // Load: pg_restore writes the SQL, rewritten into the staging schema; psql runs it in one
    // transaction, so a load cut short leaves nothing behind. No live table is touched.
    const loadStarted = Date.now();
    let stderr = '';
    try {
      const restore = ['--no-owner', `--use-list=${listFile}`, '--file=-', source];
      const apply = ['--no-psqlrc', '--quiet', '--output=/dev/null', '--set=ON_ERROR_STOP=1', '--single-transaction', `--dbname=${database}`, '-c', `CREATE SCHEMA ${STAGING_SCHEMA}`, '-f', '-'];
      // Index builds stay on one core: the other is the requests'.
      const loadEnv = { ...env, PGOPTIONS: '-c max_parallel_maintenance_workers=0' };
      ({ stderr } = await runPipeline(['pg_restore', restore], ['psql', apply], loadEnv, new IntoSchema(plan.relations, STAGING_SCHEMA)));
    } finally {
      await fs.rm(listFile, { force: true });
    }
    const loadMs = Date.now() - loadStarted;
    await job.updateProgress(70);
    const migrations = await runMigrations(this.settings.databaseUrl, STAGING_SCHEMA);
    await job.updateProgress(80);

    // Swap: the live tables' locks, all at once, retried while a request's transaction holds one.
    // Audit rows written since (about) the backup: the record of admin actions outlives a restore.
    const since = new Date((stampedAt(file)?.getTime() ?? Date.now()) - AUDIT_MARGIN_MS);
    let swapMs = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.repository.jobTransaction(async (trx) => {
          await this.repository.lockLiveTables(trx);
          const locked = Date.now();
          const audit = await this.audit.recentSince(trx, since);
          await this.repository.swapInStaged(trx);
          await this.audit.putBack(trx, audit);
          swapMs = Date.now() - locked;
        });
        break;
      } catch (error) {
        if (attempt >= LOCK_ATTEMPTS || pgErrorCode(error) !== PG_ERROR.lockNotAvailable) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
      }
    }
    return { loadMs, swapMs, migrations, stderr };
  }

  /**
   * A .tar.gz of the media and settings.json (every setting but the secrets, which appear only as
   * "…Set": true/false); keeps the newest BACKUP_KEEP. With the local store the media are UPLOAD_DIR
   * itself (as uploads/…, without half-received uploads); with a bucket, whose objects may be far
   * more than a backup folder holds, `uploads-inventory.ndjson` lists each object (key, bytes,
   * modifiedAt), and the bucket's own versioning keeps the bytes (README). `files` counts either.
   */
  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.appBackup)
  async appBackup(job: JobHandle<unknown>): Promise<AppBackupOutcome> {
    await this.takeOver(job);
    const name = await freshBackupName(this.dir, 'cloud9-app', '.tar.gz');
    const partial = path.join(this.dir, jobPartialName(job.id, name));
    const settingsFile = path.join(this.dir, jobPartialName(job.id, 'settings.json'));
    const inventoryFile = path.join(this.dir, jobPartialName(job.id, INVENTORY));
    const target = path.join(this.dir, name);
    const settingsJson = { app: 'cloud9-social', writtenAt: new Date().toISOString(), settings: publicSettings(this.settings) };
    await fs.writeFile(settingsFile, JSON.stringify(settingsJson, null, 2) + '\n', { mode: 0o600 });
    await job.updateProgress(5);
    try {
      const files = this.storage.driver === 'local' ? await this.archiveUploads(partial, settingsFile) : await this.archiveInventory(partial, settingsFile, inventoryFile);
      await job.updateProgress(90);
      await fs.rename(partial, target);
      const { size } = await fs.stat(target);
      await pruneBackups(this.dir, APP_BACKUP, this.settings.backupKeep);
      await job.updateProgress(100);
      return { file: name, bytes: size, files };
    } finally {
      await Promise.all([partial, settingsFile, inventoryFile].map((f) => fs.rm(f, { force: true })));
    }
  }

  /** settings.json and UPLOAD_DIR as uploads/… into `archive`; the number of files archived. */
  private async archiveUploads(archive: string, settingsFile: string): Promise<number> {
    const uploads = this.settings.uploadDir;
    await fs.mkdir(uploads, { recursive: true });
    const top = (await fs.readdir(uploads)).filter((n) => n !== '.incoming').sort();
    let files = 0;
    await tar.c(
      {
        gzip: true,
        file: archive,
        cwd: uploads,
        portable: true,
        filter: (p) => !/(^|\/)\.incoming(\/|$)/.test(p),
        onWriteEntry: (entry) => {
          if (entry.absolute === settingsFile) entry.path = 'settings.json';
          else {
            entry.path = `uploads/${entry.path}`;
            if (entry.type === 'File') files++;
          }
        },
      },
      [...top, settingsFile],
    );
    return files;
  }

  /** settings.json and the bucket's inventory (one JSON line per object, written as listed) into `archive`; the objects listed. */
  private async archiveInventory(archive: string, settingsFile: string, inventoryFile: string): Promise<number> {
    const out = await fs.open(inventoryFile, 'wx', 0o600);
    let objects = 0;
    try {
      for await (const page of this.storage.list()) {
        await out.write(page.map((o) => JSON.stringify({ key: o.key, bytes: o.bytes, modifiedAt: o.modifiedAt.toISOString() }) + '\n').join(''));
        objects += page.length;
      }
    } finally {
      await out.close();
    }
    await tar.c(
      {
        gzip: true,
        file: archive,
        cwd: this.dir,
        portable: true,
        onWriteEntry: (entry) => {
          entry.path = entry.absolute === settingsFile ? 'settings.json' : INVENTORY;
        },
      },
      [path.basename(settingsFile), path.basename(inventoryFile)],
    );
    return objects;
  }
}
