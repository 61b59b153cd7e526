import { HttpStatus, HttpException, Inject, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import { createHash } from 'node:crypto';
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
import { containerReport, judgeContainer } from './container-rules';
import { FileSignature, MediaKind, SNIFF_BYTES, sniffFile } from './file-signature';
import { baseKeyOf, describeImage, type ImageFacts, type ImagePurpose, type StoredVariant, variantKey, variantKeysOf, widthsFor, writeVariant } from './image-variants';
import { needsSanitizing, sanitizeImage, UndecodableImageError } from './image-sanitizer';
import { toMediaInfo } from './media-info';
import { MediaRepository } from './media.repository';

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
 * Owns UPLOAD_DIR and the `media` table: accepts uploads judged by their bytes, stores each under
 * its content's address (the SHA-256 of the stored bytes, so equal uploads share one file and its
 * name never changes meaning), makes images' variants, and removes a file with its last use.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly mediaRows: MediaRepository,
    private readonly probe: ContainerProbe,
    private readonly jobs: JobsService,
  ) {}

  get incomingDir(): string {
    return path.join(this.settings.uploadDir, '.incoming');
  }

  async ensureDirs(): Promise<void> {
    await fs.mkdir(this.incomingDir, { recursive: true });
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

  /** What an audio or video file really is, by its container (see judgeContainer); null to refuse. */
  private async readContainer(tempPath: string, sniffed: FileSignature): Promise<FileSignature | null> {
    try {
      return judgeContainer(sniffed, containerReport(await this.probe.probe(tempPath)));
    } catch (error) {
      this.logger.warn(`refused a ${sniffed.mime} upload MediaInfo could not read: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * Moves an uploaded temp file into UPLOAD_DIR under its content address if its bytes are one
   * of `kinds`; otherwise deletes it and answers 415. JPEG, PNG, WebP and AVIF are first
   * re-encoded upright, within MAX_ORIGINAL_SIDE and without metadata (no EXIF/GPS location
   * leaves the server) and a GIF is cut to its frames; audio and video must be a whole container
   * with a duration and the right tracks. A file that does not pass is a 415 too. The row records
   * the size of the stored file and, for an image, its dimensions and preview. An image's
   * variants for `purpose` are made at once for a profile image (it is shown small everywhere,
   * never from its original) and by the variants job for a post or notice.
   */
  async accept(file: Express.Multer.File, ownerId: number, kinds: readonly MediaKind[], purpose: ImagePurpose = 'post'): Promise<StoredMedia> {
    const unsupported = kinds.length === 1 && kinds[0] === 'image' ? MESSAGES.http.unsupportedImage : MESSAGES.http.unsupportedMedia;
    const refuse = async (message: string, extra: string[] = []): Promise<never> => {
      await this.discard([file]);
      await Promise.all(extra.map((p) => fs.rm(p, { force: true })));
      throw new UnsupportedMediaTypeException(message);
    };
    const sniffed = await this.sniff(file.path).catch(() => null);
    if (!sniffed || !kinds.includes(sniffed.kind)) return refuse(unsupported);

    let signature = sniffed;
    if (sniffed.kind !== 'image') {
      const judged = await this.readContainer(file.path, sniffed);
      if (!judged || !kinds.includes(judged.kind)) return refuse(MESSAGES.http.unreadableMedia);
      signature = judged;
    }

    let source = file.path;
    let facts: ImageFacts | null = null;
    if (needsSanitizing(signature.mime)) {
      const cleaned = `${file.path}.clean`;
      try {
        await sanitizeImage(file.path, cleaned, signature.mime);
        facts = await describeImage(cleaned).catch((error: Error) => {
          throw new UndecodableImageError(error.message.split('\n')[0]);
        });
      } catch (error) {
        if (!(error instanceof UndecodableImageError)) throw error;
        this.logger.warn(`refused an undecodable ${signature.mime} upload: ${error.message}`);
        return refuse(MESSAGES.http.unreadableMedia, [cleaned]);
      }
      await fs.rm(file.path, { force: true });
      source = cleaned;
    }

    let stored: { id: number; variants: StoredVariant[] };
    let storageKey: string;
    try {
      storageKey = `${await sha256Of(source)}.${signature.ext}`;
      const { size } = await fs.stat(source);
      const target = path.join(this.settings.uploadDir, storageKey);
      stored = await this.mediaRows.withKeysLocked([storageKey], async (trx) => {
        // Under the key's lock: the same bytes already stored stay as they are (same content, same name).
        const exists = await fs.stat(target).then(() => true, () => false);
        if (exists) await fs.rm(source, { force: true });
        else await fs.rename(source, target);
        return this.mediaRows.insert(trx, {
          owner_id: ownerId, storage_key: storageKey, mime: signature.mime, kind: signature.kind, bytes: size,
          width: facts?.width ?? null, height: facts?.height ?? null, placeholder: facts?.placeholder ?? null,
        });
      });
    } catch (error) {
      await fs.rm(source, { force: true });
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
      await this.jobs.add(MEDIA_QUEUE, MEDIA_VARIANTS_JOB, { storageKey, widths: missing }).catch((error: Error) => this.logger.warn(`variants of ${storageKey} not queued: ${error.message}`));
    }
    const info = toMediaInfo(url, { width: facts?.width ?? null, height: facts?.height ?? null, placeholder: facts?.placeholder ?? null, variants: stored.variants })!;
    return { id: stored.id, url, mime: signature.mime, kind: signature.kind, info };
  }

  /** The variants job: makes the variants of a stored image, records them on its rows; idempotent. */
  @JobHandler(MEDIA_QUEUE, MEDIA_VARIANTS_JOB)
  async variantsJob(job: QueueJob<typeof MEDIA_QUEUE, typeof MEDIA_VARIANTS_JOB>): Promise<{ widths: number[] }> {
    const variants = await this.makeVariants(job.data.storageKey, job.data.widths);
    return { widths: variants.map((v) => v.width) };
  }

  /**
   * Writes the variants of `storageKey` at `widths` that it lacks, then records every variant it
   * has on all its rows; the recorded list. The files are written outside the key's lock (it is
   * the slow part); if the file's last use went meanwhile, they are removed again.
   */
  async makeVariants(storageKey: string, widths: readonly number[]): Promise<StoredVariant[]> {
    const source = path.join(this.settings.uploadDir, path.basename(storageKey));
    const [known] = await this.mediaRows.factsByKeys([storageKey]);
    if (!known) return [];
    await this.ensureDirs();
    const made: StoredVariant[] = [];
    for (const width of widths) {
      if (known.variants.some((v) => v.width === width)) continue;
      try {
        made.push(await writeVariant(source, path.join(this.settings.uploadDir, variantKey(storageKey, width)), width, this.incomingDir));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || !(await fs.stat(source).catch(() => null))) return []; // removed meanwhile
        throw error;
      }
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

  /** Takes back uploads that were accepted but never used (the write that wanted them failed). */
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
    const keys = storageKeysOf(ended.map((e) => e.media_url));
    const ids = ended.map((e) => e.media_id).filter((id): id is number => id !== null);
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
   * Of these names under UPLOAD_DIR, the files nothing uses, not even a media row (orphans),
   * sorted. A variant is an orphan when the file it was made from is.
   */
  async unusedFiles(names: string[]): Promise<string[]> {
    const baseOf = new Map(names.map((n) => [n, baseKeyOf(n) ?? n]));
    const unused = new Set(await this.mediaRows.unused([...new Set(baseOf.values())], UPLOAD_URL_PREFIX));
    return names.filter((n) => unused.has(baseOf.get(n)!)).sort();
  }

  /** Deletes stored files (and their variants) by key; a missing file is not an error. */
  private async removeFiles(storageKeys: string[]): Promise<void> {
    await Promise.all(
      storageKeys.flatMap((key) => [key, ...variantKeysOf(key)]).map((key) =>
        fs.rm(path.join(this.settings.uploadDir, path.basename(key)), { force: true }).catch((error) => this.logger.warn(`could not remove ${key}: ${error}`)),
      ),
    );
  }

  /** Rejects a request whose file went past the plan's limit while streaming. */
  static tooLarge(): HttpException {
    return new HttpException(MESSAGES.http.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
  }
}
