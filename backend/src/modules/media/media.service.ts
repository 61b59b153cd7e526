import { BadRequestException, HttpException, Inject, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MESSAGES, type MediaInfo } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { MEDIA_QUEUE, MEDIA_VARIANTS_JOB, type QueueJob } from '../../jobs/job-map';
import { JobsService } from '../../jobs/jobs.service';
import { ContainerProbe } from './container-probe';
import { containerReport, type ContainerReport, judgeContainer } from './container-rules';
import { FileSignature, MediaKind, SNIFF_BYTES, sniffFile } from './file-signature';
import { baseKeyOf, describeImage, type ImageFacts, type ImagePurpose, isAnimated, type StoredVariant, variantKey, variantKeysOf, widthsFor, writeVariant } from './image-variants';
import { TooManyPixelsError } from './image-pixels';
import { needsSanitizing, sanitizeImage, UndecodableImageError } from './image-sanitizer';
import { toMediaInfo } from './media-info';
import { MediaRepository } from './media.repository';
import { PosterRefusedError, writePoster } from './video-poster';
import { MediaStorage } from './storage/media-storage';

const UPLOAD_URL_PREFIX = '/uploads/';

/** The storage keys behind /uploads/ URLs; other URLs (a GIF's, an empty field) are left out. */
const storageKeysOf = (urls: (string | null | undefined)[]): string[] =>
  urls.filter((u): u is string => !!u && u.startsWith(UPLOAD_URL_PREFIX)).map((u) => u.slice(UPLOAD_URL_PREFIX.length));

/** The SHA-256 of a file, read as a stream. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export interface StoredMedia {
  id: number;
  url: string;
  mime: string;
  kind: MediaKind;
  /** Size, preview and the variants made so far (more may come from the variants job). */
  info: MediaInfo;
}

/** One use of an upload that has ended (a deleted post or notice): its media row and its URL. */
export interface EndedUse {
  media_id: number | null;
  media_url: string | null;
}

/**
 * Owns the stored media (through MediaStorage: UPLOAD_DIR or a bucket) and the `media` table:
 * accepts uploads judged by their bytes (in UPLOAD_DIR/.incoming, whatever the store), stores each
 * under its content's address (the SHA-256 of the stored bytes, so equal uploads share one file and
 * its name never changes meaning), makes images' variants, and removes a file with its last use.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly mediaRows: MediaRepository,
    private readonly probe: ContainerProbe,
    private readonly jobs: JobsService,
    private readonly storage: MediaStorage,
  ) {}

  get incomingDir(): string {
    return path.join(this.settings.uploadDir, '.incoming');
  }

  async ensureDirs(): Promise<void> {
    await fs.mkdir(this.incomingDir, { recursive: true });
  }

  /** A folder of its own under UPLOAD_DIR/.incoming for one request's uploads and their scratch files. */
  async openScratch(): Promise<string> {
    await this.ensureDirs();
    return fs.mkdtemp(path.join(this.incomingDir, 'r-'));
  }

  /** Removes a request's folder with whatever it still holds (what was accepted has been moved out). */
  async dropScratch(dir: string): Promise<void> {
    await fs.rm(dir, { recursive: true, force: true }).catch((error: Error) => this.logger.warn(`could not remove ${dir}: ${error.message}`));
  }

  private async sniff(tempPath: string): Promise<FileSignature | null> {
    const handle = await fs.open(tempPath, 'r');
    try {
      const head = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      return sniffFile(head.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  /**
   * What an audio or video file really is, by its container (see judgeContainer), with a video's
   * display size; null to refuse.
   */
  private async readContainer(tempPath: string, sniffed: FileSignature): Promise<{ signature: FileSignature; display: ContainerReport['display'] } | null> {
    try {
      const report = containerReport(await this.probe.probe(tempPath));
      const signature = judgeContainer(sniffed, report);
      return signature && { signature, display: signature.kind === 'video' ? report.display : null };
    } catch (error) {
      this.logger.warn(`refused a ${sniffed.mime} upload MediaInfo could not read: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Moves an uploaded temp file into the media store under its content address if its bytes are one
   * of `kinds`; otherwise deletes it and answers 415. JPEG, PNG, WebP and AVIF are first
   * re-encoded upright, within MAX_ORIGINAL_SIDE and without metadata (no EXIF/GPS location
   * leaves the server) and a GIF is cut to its frames; an image above IMAGE_PIXELS (judged from its
   * header, before it is decoded) is a 415 of its own; audio and video must be a whole container
   * with a duration and the right tracks. A file that does not pass is a 415 too. The row records
   * the size of the stored file and, for an image, its dimensions and preview (a video: its
   * display size). An image's variants for `purpose` are made at once for a profile image (it is
   * shown small everywhere, never from its original) and by the variants job for a post or notice.
   * A video may come with `poster`, a frame the browser drew: stored as a WebP of its own with a
   * row the video's row points at. A poster beside anything but a video, or one that is not a
   * still image within VIDEO_POSTER's bounds, is a 400, and neither file is kept.
   */
  async accept(file: Express.Multer.File, ownerId: number, kinds: readonly MediaKind[], purpose: ImagePurpose = 'post', poster?: Express.Multer.File): Promise<StoredMedia> {
    const unsupported = kinds.length === 1 && kinds[0] === 'image' ? MESSAGES.http.unsupportedImage : MESSAGES.http.unsupportedMedia;
    const scratch: string[] = [];
    const refuse = async (error: HttpException): Promise<never> => {
      await this.discard(poster ? [file, poster] : [file]);
      await Promise.all(scratch.map((p) => fs.rm(p, { force: true })));
      throw error;
    };
    const sniffed = await this.sniff(file.path).catch(() => null);
    if (!sniffed || !kinds.includes(sniffed.kind)) return refuse(new UnsupportedMediaTypeException(unsupported));

    let signature = sniffed;
    let display: ContainerReport['display'] = null;
    if (sniffed.kind !== 'image') {
      const judged = await this.readContainer(file.path, sniffed);
      if (!judged || !kinds.includes(judged.signature.kind)) return refuse(new UnsupportedMediaTypeException(MESSAGES.http.unreadableMedia));
      ({ signature, display } = judged);
    }

    let frame: { path: string; facts: ImageFacts } | null = null;
    if (poster) {
      if (signature.kind !== 'video') return refuse(new BadRequestException(MESSAGES.http.posterNeedsVideo));
      const out = `${poster.path}.webp`;
      scratch.push(out);
      try {
        frame = { path: out, facts: await writePoster(poster.path, poster.size, await this.sniff(poster.path).catch(() => null), out) };
      } catch (error) {
        if (!(error instanceof PosterRefusedError)) throw error;
        this.logger.warn(`refused a video poster: ${error.message}`);
        return refuse(new BadRequestException(MESSAGES.http.posterInvalid));
      }
      await fs.rm(poster.path, { force: true });
    }

    let source = file.path;
    let facts: ImageFacts | null = null;
    if (needsSanitizing(signature.mime)) {
      const cleaned = `${file.path}.clean`;
      scratch.push(cleaned);
      try {
        await sanitizeImage(file.path, cleaned, signature.mime);
        facts = await describeImage(cleaned).catch((error: Error) => {
          throw new UndecodableImageError(error.message.split('\n')[0]);
        });
      } catch (error) {
        if (error instanceof TooManyPixelsError) return refuse(new UnsupportedMediaTypeException(MESSAGES.http.imageTooManyPixels));
        if (!(error instanceof UndecodableImageError)) throw error;
        this.logger.warn(`refused an undecodable ${signature.mime} upload: ${error.message}`);
        return refuse(new UnsupportedMediaTypeException(MESSAGES.http.unreadableMedia));
      }
      await fs.rm(file.path, { force: true });
      source = cleaned;
    }

    let stored: { id: number; variants: StoredVariant[] };
    let storageKey: string;
    let posterKey: string | null = null;
    const size = facts ?? display;
    try {
      storageKey = `${await sha256Of(source)}.${signature.ext}`;
      if (frame) posterKey = `${await sha256Of(frame.path)}.webp`;
      const { size: bytes } = await fs.stat(source);
      const posterBytes = frame ? (await fs.stat(frame.path)).size : 0;
      stored = await this.mediaRows.withKeysLocked(posterKey ? [storageKey, posterKey] : [storageKey], async (trx) => {
        let posterId: number | null = null;
        if (frame && posterKey) {
          await this.place(frame.path, posterKey, 'image/webp');
          const { width, height, placeholder } = frame.facts;
          ({ id: posterId } = await this.mediaRows.insert(trx, { owner_id: ownerId, storage_key: posterKey, mime: 'image/webp', kind: 'image', bytes: posterBytes, width, height, placeholder }));
        }
        await this.place(source, storageKey, signature.mime);
        return this.mediaRows.insert(trx, {
          owner_id: ownerId, storage_key: storageKey, mime: signature.mime, kind: signature.kind, bytes,
          width: size?.width ?? null, height: size?.height ?? null, placeholder: facts?.placeholder ?? null, poster_id: posterId,
        });
      });
    } catch (error) {
      await Promise.all([source, ...scratch].map((p) => fs.rm(p, { force: true })));
      throw error;
    }

    const url = UPLOAD_URL_PREFIX + storageKey;
    const wanted = facts && !facts.animated ? widthsFor(purpose, facts.width) : [];
    const missing = wanted.filter((w) => !stored.variants.some((v) => v.width === w));
    if (missing.length && purpose !== 'post') {
      stored.variants = await this.makeVariants(storageKey, missing);
    } else if (missing.length) {
      // The upload is answered now; its original is shown until the job has made the variants.
      // If the queue is away the post still goes out, shown from its original.
      await this.queueVariants(storageKey, missing).catch((error: Error) => this.logger.warn(`variants of ${storageKey} not queued: ${error.message}`));
    }
    const posterFacts = frame && posterKey ? { key: posterKey, width: frame.facts.width, height: frame.facts.height } : null;
    const info = toMediaInfo(url, { width: size?.width ?? null, height: size?.height ?? null, placeholder: facts?.placeholder ?? null, variants: stored.variants, poster: posterFacts })!;
    return { id: stored.id, url, mime: signature.mime, kind: signature.kind, info };
  }

  /**
   * Under the key's lock: moves `source` into the store as `storageKey`, or drops it when that
   * name is already there (same content, same name).
   */
  private async place(source: string, storageKey: string, mime: string): Promise<void> {
    if (await this.storage.head(storageKey)) await fs.rm(source, { force: true });
    else await this.storage.putFile(storageKey, source, mime);
  }

  /** Asks the variants job for these widths of a stored image. */
  queueVariants(storageKey: string, widths: number[]): Promise<unknown> {
    return this.jobs.add(MEDIA_QUEUE, MEDIA_VARIANTS_JOB, { storageKey, widths });
  }

  /** The variants job: makes the variants of a stored image, records them on its rows; idempotent. */
  @JobHandler(MEDIA_QUEUE, MEDIA_VARIANTS_JOB)
  async variantsJob(job: QueueJob<typeof MEDIA_QUEUE, typeof MEDIA_VARIANTS_JOB>): Promise<{ widths: number[] }> {
    const variants = await this.makeVariants(job.data.storageKey, job.data.widths);
    return { widths: variants.map((v) => v.width) };
  }

  /**
   * Writes the variants of `storageKey` at `widths` that it lacks, then records every variant it
   * has on all its rows; the recorded list. A file stored before sizes were recorded has its size
   * and preview read and recorded first (it is not re-encoded: its name and bytes stay); only
   * widths narrower than the file are made, and none of an animation. The files are written
   * outside the key's lock (it is the slow part); if the file's last use went meanwhile, they are
   * removed again.
   */
  async makeVariants(storageKey: string, widths: readonly number[]): Promise<StoredVariant[]> {
    const [known] = await this.mediaRows.factsByKeys([storageKey]);
    if (!known) return [];
    await this.ensureDirs();
    // The image tools read a file: the original itself (local store) or a copy (bucket).
    const source = await this.storage.localCopy(storageKey, this.incomingDir);
    if (!source) return []; // removed meanwhile
    const made: StoredVariant[] = [];
    try {
      let width = known.width;
      if (width === null) {
        const facts = await describeImage(source.path);
        await this.mediaRows.withKeysLocked([storageKey], (trx) => this.mediaRows.setSize(trx, storageKey, facts));
        if (facts.animated) return known.variants;
        width = facts.width;
      } else if (await isAnimated(source.path)) return known.variants;
      for (const w of widths) {
        if (w >= width || known.variants.some((v) => v.width === w)) continue;
        const scratch = path.join(this.incomingDir, `${randomUUID()}.webp`);
        try {
          made.push(await writeVariant(source.path, scratch, w));
          await this.storage.putFile(variantKey(storageKey, w), scratch, 'image/webp');
        } finally {
          await fs.rm(scratch, { force: true });
        }
      }
    } catch (error) {
      if (!(await this.storage.head(storageKey).catch(() => null))) return []; // removed meanwhile
      throw error;
    } finally {
      await source.release();
    }
    return this.mediaRows.withKeysLocked([storageKey], async (trx) => {
      if (!(await this.mediaRows.isKnown(trx, storageKey))) {
        await this.removeFiles([storageKey]);
        return [];
      }
      const [current] = await this.mediaRows.factsByKeys([storageKey]);
      const merged = [...(current?.variants ?? []).filter((v) => !made.some((m) => m.width === v.width)), ...made].sort((a, b) => a.width - b.width);
      await this.mediaRows.setVariants(trx, storageKey, merged);
      return merged;
    });
  }

  /** Size, preview and variants of the files behind these /uploads/ URLs, by URL (none for others). */
  async infoByUrls(urls: (string | null | undefined)[]): Promise<Map<string, MediaInfo>> {
    const facts = await this.mediaRows.factsByKeys(storageKeysOf(urls));
    return new Map(facts.map((f) => [UPLOAD_URL_PREFIX + f.storage_key, toMediaInfo(UPLOAD_URL_PREFIX + f.storage_key, f)!]));
  }

  /** Deletes temp files of a request that did not go through. */
  async discard(files: Express.Multer.File[]): Promise<void> {
    await Promise.all(files.map((f) => fs.rm(f.path, { force: true })));
  }

  /** Takes back uploads that were accepted but never used (the write that wanted them failed), with their posters. */
  async release(stored: (StoredMedia | undefined)[]): Promise<void> {
    const given = stored.filter((s): s is StoredMedia => !!s);
    await this.removeUnused(given.map((s) => ({ media_id: s.id, media_url: s.url })));
  }

  /**
   * After posts or notices that showed these uploads are gone or replaced: their media rows go,
   * and each file goes unless another row, post, notice or profile still uses it (the same bytes
   * uploaded twice share one file). Other URLs are ignored.
   */
  async removeUnused(ended: EndedUse[]): Promise<void> {
    const useIds = ended.map((e) => e.media_id).filter((id): id is number => id !== null);
    // A video's poster ends with it. Read before the locks: a row's poster is set once, at insert.
    const posters = await this.mediaRows.postersOf(useIds);
    const keys = [...storageKeysOf(ended.map((e) => e.media_url)), ...posters.map((p) => p.storage_key)];
    const ids = [...useIds, ...posters.map((p) => p.id)];
    if (!keys.length && !ids.length) return;
    await this.mediaRows.withKeysLocked(keys, async (trx) => {
      await this.mediaRows.deleteByIds(trx, ids);
      await this.removeFiles(await this.mediaRows.unused(keys, UPLOAD_URL_PREFIX, trx));
    });
  }

  /** After a profile stopped showing these images (replaced): the owner's use of each ends, and unused files go. */
  async removeProfileImages(ownerId: number, urls: (string | null | undefined)[]): Promise<void> {
    const keys = storageKeysOf(urls);
    if (!keys.length) return;
    await this.mediaRows.withKeysLocked(keys, async (trx) => {
      for (const key of keys) await this.mediaRows.deleteProfileUse(trx, ownerId, key);
      await this.removeFiles(await this.mediaRows.unused(keys, UPLOAD_URL_PREFIX, trx));
    });
  }

  /** After rows went by cascade (an account's): removes those of these files nothing uses any more. */
  async removeIfUnused(storageKeys: string[]): Promise<void> {
    if (!storageKeys.length) return;
    await this.mediaRows.withKeysLocked(storageKeys, async (trx) => this.removeFiles(await this.mediaRows.unused(storageKeys, UPLOAD_URL_PREFIX, trx)));
  }

  /**
   * Of these names in the media store, the files nothing uses, not even a media row (orphans),
   * sorted. A variant is an orphan when the file it was made from is.
   */
  async unusedFiles(names: string[]): Promise<string[]> {
    const baseOf = new Map(names.map((n) => [n, baseKeyOf(n) ?? n]));
    const unused = new Set(await this.mediaRows.unusedForJob([...new Set(baseOf.values())], UPLOAD_URL_PREFIX));
    return names.filter((n) => unused.has(baseOf.get(n)!)).sort();
  }

  /**
   * Deletes stored files (and their variants) by key; a missing file is not an error, and one the
   * store could not delete is left for the orphan scan (its rows are gone: it is an orphan now).
   */
  private async removeFiles(storageKeys: string[]): Promise<void> {
    const keys = storageKeys.flatMap((key) => [key, ...variantKeysOf(key)]);
    await this.storage.delete(keys).catch((error: Error) => this.logger.warn(`could not remove ${storageKeys.join(', ')}: ${error.message}`));
  }

  /** Deletes stored files by name, as they are (the orphan delete). */
  async deleteStored(names: string[]): Promise<void> {
    await this.storage.delete(names);
  }
}
