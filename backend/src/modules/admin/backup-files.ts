import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** Database backups: cloud9-YYYYMMDD-HHMMSS-mmm.dump (UTC), so the newest sorts last by name. */
export const DB_BACKUP = /^cloud9-\d{8}-\d{6}-\d{3}\.dump$/;
/** App backups (uploads + settings): cloud9-app-YYYYMMDD-HHMMSS-mmm.tar.gz. */
export const APP_BACKUP = /^cloud9-app-\d{8}-\d{6}-\d{3}\.tar\.gz$/;
/** Files being written: hidden, and never mistaken for a finished backup. */
export const PARTIAL = /^\..*\.partial$/;
const STALE_PARTIAL_MS = 24 * 3600 * 1000;

/** The job part of a partial file's name: the job id as a safe file-name piece (a fresh one without a job id). */
const jobTag = (jobId: string | undefined) => `.job-${(jobId ?? randomUUID()).replace(/[^\w-]/g, '_')}.`;

/**
 * A file a job is writing, hidden and named after its job (`.job-<id>.<what>.partial`): when the
 * worker dies mid-write, the attempt that takes the job over finds it by the job id and removes it.
 */
export const jobPartialName = (jobId: string | undefined, what: string): string => `${jobTag(jobId)}${what}.partial`;

/** Removes the partial files an earlier attempt of this job left (a killed worker); returns their names. */
export async function removeJobPartials(dir: string, jobId: string | undefined): Promise<string[]> {
  if (jobId === undefined) return [];
  const tag = jobTag(jobId);
  const left = (await namesIn(dir)).filter((n) => n.startsWith(tag) && PARTIAL.test(n));
  await Promise.all(left.map((n) => fs.rm(path.join(dir, n), { force: true })));
  return left;
}

/** 2025-01-02T03:04:05.678Z → 20250102-030405-678 */
export const backupStamp = (date: Date = new Date()): string =>
  date.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.(\d{3})Z$/, '-$1');

/** The instant a backup name was stamped with, or null for another name. */
export function stampedAt(name: string): Date | null {
  const m = /(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})/.exec(name);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7])) : null;
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Finished backups of one kind, newest first. */
export async function backupsIn(dir: string, kind: RegExp): Promise<string[]> {
  return (await namesIn(dir)).filter((n) => kind.test(n)).sort().reverse();
}

/** A name `prefix-<stamp><suffix>` not yet taken in `dir`. */
export async function freshBackupName(dir: string, prefix: string, suffix: string): Promise<string> {
  for (;;) {
    const name = `${prefix}-${backupStamp()}${suffix}`;
    const taken = await fs.access(path.join(dir, name)).then(
      () => true,
      () => false,
    );
    if (!taken) return name;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/**
 * Keeps the newest `keep` backups of one kind and deletes the rest, and deletes half-written files
 * left by a crashed job a day ago or earlier. Returns what it deleted.
 */
export async function pruneBackups(dir: string, kind: RegExp, keep: number): Promise<string[]> {
  const old = (await backupsIn(dir, kind)).slice(keep);
  const partials: string[] = [];
  for (const name of (await namesIn(dir)).filter((n) => PARTIAL.test(n))) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_PARTIAL_MS) partials.push(name);
  }
  await Promise.all([...old, ...partials].map((n) => fs.rm(path.join(dir, n), { force: true })));
  return old;
}
