import { Inject, Injectable, Logger } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as tar from 'tar';
import { UnrecoverableError } from 'bullmq';
import { ADMIN_JOB, ADMIN_QUEUE, MESSAGES } from '@cloud9/contracts';
import { InvalidationBus } from '../../common/cache/invalidation-bus';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { publicSettings } from '../../config/public-settings';
import { runMigrations } from '../../database/database-bootstrap';
import { JobRefusal } from '../../jobs/job-errors';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { APP_BACKUP, backupsIn, DB_BACKUP, freshBackupName, jobPartialName, pruneBackups, removeJobPartials, stampedAt } from './backup-files';
import { AuditService } from '../audit/audit.service';
import { AdminRepository } from './admin.repository';
import { pgConnection } from './pg-connection';
import { lastLines, runCommand, runPipeline } from './run-command';
import type { AppBackupOutcome, BackupOutcome, RestoreJobData, RestoreOutcome } from '../../jobs/job-map';

/** What an admin job may do with its BullMQ job: report progress, remember a choice for its retries. */
export interface JobHandle<D> {
  id?: string;
  data: D;
  updateProgress(progress: number): Promise<unknown>;
  updateData(data: D): Promise<unknown>;
}

/**
 * The restore's table of contents without extensions: the live database keeps its own citext and
 * pg_trgm (created by the migrations), so their types keep their OIDs and the statements that
 * pooled connections have prepared stay valid (a re-created citext would change the result type
 * of every prepared statement that returns a username). Returns the list and the extensions seen.
 */
export function restoreList(toc: string): { list: string; extensions: string[] } {
  const extensions: string[] = [];
  const kept = toc.split('\n').filter((line) => {
    const extension = /^\s*\d+;\s*\d+\s+\d+\s+EXTENSION - (\S+)/.exec(line);
    if (extension) extensions.push(extension[1]);
    return !extension && !/^\s*\d+;\s*\d+\s+\d+\s+COMMENT - EXTENSION /.test(line);
  });
  return { list: kept.join('\n'), extensions };
}

/**
 * The restore's first statement: every live table locked at once, waiting at most 500 ms per table.
 * Holding all of them before dropping any, the restore never waits on a request while the request
 * waits on it (dropping tables one by one deadlocked with concurrent multi-table reads: measured).
 * Waiting longer would let a request's deadlock check pick the request as its victim.
 */
const lockAll = (tables: string[]) =>
  `SET LOCAL lock_timeout = '500ms';${tables.length ? ` LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE;` : ''} SET LOCAL lock_timeout = '10s';`;
const LOCK_ATTEMPTS = 20;
/** Why BACKUP_DIR cannot be made: a file in its path, no permission, a read-only file system. */
const UNUSABLE_DIR = new Set(['ENOTDIR', 'EEXIST', 'EACCES', 'EPERM', 'EROFS']);
const AUDIT_MARGIN_MS = 3600 * 1000;
const EXTENSION_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Database backup and restore (pg_dump / pg_restore against DATABASE_URL) and the app backup
 * (UPLOAD_DIR + settings without secrets), all into BACKUP_DIR. Run by the admin queue's worker.
 */
@Injectable()
export class BackupService {
  private readonly logger = new Logger('Backup');

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly repository: AdminRepository,
    private readonly audit: AuditService,
    private readonly caches: InvalidationBus,
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
      const notes = [`${target} (${size} bytes)`, pruned.length ? `pruned ${pruned.join(', ')}` : '', stderr.trim() ? lastLines(stderr) : ''];
      return { file, path: target, bytes: size, output: notes.filter(Boolean).join('; ') };
    } finally {
      await fs.rm(partial, { force: true });
    }
  }

  /**
   * Replaces the live database with the newest backup, in one transaction (pg_restore --clean, run
   * by psql --single-transaction after locking every table): requests wait on its locks for that
   * moment, then see the backup's data. Then migrations newer than the backup run, sequences are set no lower than
   * before (no id is handed out twice, so a session of a user made after the backup can never
   * become someone else's), and the audit rows written since the backup are put back.
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

    // Everything but the extensions, which the live database keeps.
    const { database, env } = pgConnection(this.settings.databaseUrl);
    const { list, extensions } = restoreList((await runCommand('pg_restore', ['--list', source], env)).stdout);
    for (const name of extensions.filter((e) => EXTENSION_NAME.test(e))) await this.repository.createExtension(name);
    const listFile = path.join(this.dir, jobPartialName(job.id, 'restore.list'));
    await fs.writeFile(listFile, list);

    const marks = await this.repository.sequenceMarks();
    // Audit rows written since (about) the backup: the record of admin actions outlives a restore.
    const since = new Date((stampedAt(file)?.getTime() ?? Date.now()) - AUDIT_MARGIN_MS);
    const audit = await this.audit.recentSince(since);
    const tables = await this.repository.liveTables();
    await job.updateProgress(20);

    let stderr = '';
    try {
      // pg_restore writes the SQL; psql runs it in one transaction that first takes every table's lock.
      const restore = ['--clean', '--if-exists', '--no-owner', `--use-list=${listFile}`, '--file=-', source];
      const apply = ['--no-psqlrc', '--quiet', '--output=/dev/null', '--set=ON_ERROR_STOP=1', '--single-transaction', `--dbname=${database}`, '-c', lockAll(tables), '-f', '-'];
      for (let attempt = 1; ; attempt++) {
        try {
          ({ stderr } = await runPipeline(['pg_restore', restore], ['psql', apply], env));
          break;
        } catch (error) {
          // Another transaction held a table: nothing was changed yet; try again shortly.
          if (attempt >= LOCK_ATTEMPTS || !/lock timeout/i.test((error as Error).message)) throw error;
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
        }
      }
    } finally {
      await fs.rm(listFile, { force: true });
    }
    await job.updateProgress(80);

    const migrations = await runMigrations(this.settings.databaseUrl);
    await this.repository.raiseSequences(marks);
    await this.audit.putBack(audit);
    await this.caches.publish({ all: true }); // every instance's caches held the replaced data
    await job.updateProgress(100);
    this.logger.log(`restored ${file}${migrations.length ? `, then migrated ${migrations.join(', ')}` : ''}`);
    const notes = [`restored ${source}`, migrations.length ? `migrated ${migrations.join(', ')}` : '', stderr.trim() ? lastLines(stderr) : ''];
    return { file, output: notes.filter(Boolean).join('; '), migrations };
  }

  /**
   * A .tar.gz of UPLOAD_DIR (as uploads/…, without half-received uploads) and settings.json (every
   * setting but the secrets, which appear only as "…Set": true/false); keeps the newest BACKUP_KEEP.
   */
  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.appBackup)
  async appBackup(job: JobHandle<unknown>): Promise<AppBackupOutcome> {
    await this.takeOver(job);
    const uploads = this.settings.uploadDir;
    await fs.mkdir(uploads, { recursive: true });
    const name = await freshBackupName(this.dir, 'cloud9-app', '.tar.gz');
    const partial = path.join(this.dir, jobPartialName(job.id, name));
    const settingsFile = path.join(this.dir, jobPartialName(job.id, 'settings.json'));
    const target = path.join(this.dir, name);
    const settingsJson = { app: 'cloud9-social', writtenAt: new Date().toISOString(), settings: publicSettings(this.settings) };
    await fs.writeFile(settingsFile, JSON.stringify(settingsJson, null, 2) + '\n', { mode: 0o600 });
    const top = (await fs.readdir(uploads)).filter((n) => n !== '.incoming').sort();
    let files = 0;
    await job.updateProgress(5);
    try {
      await tar.c(
        {
          gzip: true,
          file: partial,
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
      await job.updateProgress(90);
      await fs.rename(partial, target);
      const { size } = await fs.stat(target);
      await pruneBackups(this.dir, APP_BACKUP, this.settings.backupKeep);
      await job.updateProgress(100);
      return { path: target, bytes: size, files };
    } finally {
      await fs.rm(partial, { force: true });
      await fs.rm(settingsFile, { force: true });
    }
  }
}
