import { Inject, Injectable } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ADMIN_JOB, ADMIN_QUEUE } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { MediaService } from '../media/media.service';
import type { JobHandle } from './backup.service';
import type { OrphanScan } from '../../jobs/job-map';

const BATCH = 1000;

/** 'nested/a.png' → 'a.png' (candidates are '/'-separated names under UPLOAD_DIR). */
const fileName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
/** Uploads still being received (multer's temp files): never orphans. */
const INCOMING = '.incoming';

/**
 * Files under UPLOAD_DIR that no row references. A file younger than ORPHAN_MIN_AGE_SECONDS is
 * never an orphan: an upload is moved in just before its row is written, and its post may still be
 * in a transaction.
 */
@Injectable()
export class OrphansService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly media: MediaService,
  ) {}

  /** Regular files old enough to judge, as names relative to UPLOAD_DIR ('/'-separated), sorted. */
  private async candidates(): Promise<string[]> {
    const root = this.settings.uploadDir;
    const before = Date.now() - this.settings.orphanMinAgeSeconds * 1000;
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!(dir === root && entry.name === INCOMING)) await walk(full);
        } else if (entry.isFile()) {
          const stat = await fs.stat(full).catch(() => null);
          if (stat && stat.mtimeMs <= before) out.push(path.relative(root, full).split(path.sep).join('/'));
        }
      }
    };
    await walk(root);
    return out.sort();
  }

  @JobHandler(ADMIN_QUEUE, ADMIN_JOB.orphanScan)
  async scan(job?: JobHandle<unknown>): Promise<OrphanScan> {
    const names = await this.candidates();
    const orphaned: string[] = [];
    for (let i = 0; i < names.length; i += BATCH) {
      orphaned.push(...(await this.media.unusedFiles(names.slice(i, i + BATCH))));
      await job?.updateProgress(Math.min(100, Math.round(((i + BATCH) / names.length) * 100)));
    }
    // Names only: where a stray file sits under UPLOAD_DIR is the server's business.
    return { total: orphaned.length, orphaned: orphaned.map(fileName).sort() };
  }

  /**
   * Deletes the orphans (only those named in `only`, when given: the scan's file names), judging
   * each batch again right before removing it, so a file referenced since the scan is kept. Safe to run twice.
   */
  async delete(job?: JobHandle<unknown>, only?: string[]): Promise<{ deleted: number; deletedNames: string[] }> {
    const wanted = only ? new Set(only) : null;
    const names = (await this.candidates()).filter((n) => !wanted || wanted.has(fileName(n)));
    const deletedNames: string[] = [];
    for (let i = 0; i < names.length; i += BATCH) {
      for (const name of await this.media.unusedFiles(names.slice(i, i + BATCH))) {
        await fs.rm(path.join(this.settings.uploadDir, ...name.split('/')), { force: true });
        deletedNames.push(fileName(name));
      }
      await job?.updateProgress(Math.min(100, Math.round(((i + BATCH) / names.length) * 100)));
    }
    return { deleted: deletedNames.length, deletedNames };
  }
}
