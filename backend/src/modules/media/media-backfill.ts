import { Injectable } from '@nestjs/common';
import { type ImagePurpose, wantedWidths } from './image-variants';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';

export interface BackfillCounts {
  /** Stored images looked at (one per file, GIFs and poster frames left out). */
  scanned: number;
  /** Files handed to the variants job: no recorded size, or a variant missing. */
  queued: number;
  /** Files that already had their size and every variant. */
  complete: number;
}

/**
 * For uploads made before sizes and variants were recorded: queues the `media/variants` job for
 * every stored image that lacks its size or a variant it should have, in pages of `batchSize`
 * files. Running it again queues only what is still missing; the job itself skips what exists.
 */
@Injectable()
export class MediaBackfill {
  constructor(
    private readonly rows: MediaRepository,
    private readonly media: MediaService,
  ) {}

  async run(batchSize = 500, onPage?: (counts: BackfillCounts) => void): Promise<BackfillCounts> {
    const counts: BackfillCounts = { scanned: 0, queued: 0, complete: 0 };
    let after = '';
    for (;;) {
      const page = await this.rows.imagesAfter(after, batchSize);
      if (!page.length) return counts;
      for (const image of page) {
        const purposes: ImagePurpose[] = [];
        if (image.post || (!image.avatar && !image.banner)) purposes.push('post');
        if (image.avatar) purposes.push('avatar');
        if (image.banner) purposes.push('banner');
        const missing = wantedWidths(purposes, image.width).filter((w) => !image.variants.some((v) => v.width === w));
        if (image.width !== null && !missing.length) {
          counts.complete++;
          continue;
        }
        await this.media.queueVariants(image.storage_key, missing);
        counts.queued++;
      }
      counts.scanned += page.length;
      after = page[page.length - 1].storage_key;
      onPage?.(counts);
    }
  }
}
