import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_JOB, ADMIN_QUEUE } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { MediaService } from '../media/media.service';
import { MediaStorage } from '../media/public';
import type { JobHandle } from './backup.service';
import type { OrphanScan } from '../../jobs/job-map';

const BATCH = 1000;

/** 'nested/a.png' → 'a.png' (candidates are '/'-separated names in the media store). */
const fileName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/**
 * Files in the media store (UPLOAD_DIR or the bucket) that no row references. A file younger than
 * ORPHAN_MIN_AGE_SECONDS is never an orphan: an upload is stored just before its row is written,
 * and its post may still be in a transaction.
 */
@Injectable()
export class OrphansService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly media: MediaService,
    private readonly storage: MediaStorage,
  ) {}

  /** Stored files old enough to judge, by name ('/'-separated), sorted. */
  private async candidates(): Promise<string[]> {
    const before = Date.now() - this.settings.orphanMinAgeSeconds * 1000;
    const out: string[] = [];
    for await (const page of this.storage.list()) out.push(...page.filter((o) => o.modifiedAt.getTime() <= before).map((o) => o.key));
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
    // Names only: where a stray file sits in the store is the server's business.
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
      const unused = await this.media.unusedFiles(names.slice(i, i + BATCH));
      await this.media.deleteStored(unused);
      deletedNames.push(...unused.map(fileName));
      await job?.updateProgress(Math.min(100, Math.round(((i + BATCH) / names.length) * 100)));
    }
    return { deleted: deletedNames.length, deletedNames };
  }
}
