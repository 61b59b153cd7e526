import { HttpStatus, HttpException, Inject, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { MESSAGES } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { ContainerProbe } from './container-probe';
import { containerReport, judgeContainer } from './container-rules';
import { FileSignature, MediaKind, SNIFF_BYTES, sniffFile } from './file-signature';
import { needsSanitizing, sanitizeImage, UndecodableImageError } from './image-sanitizer';
import type { Db } from '../../common/db/database';
import { MediaRepository } from './media.repository';

const UPLOAD_URL_PREFIX = '/uploads/';

/** The storage keys behind /uploads/ URLs; other URLs (a GIF's, an empty field) are left out. */
const storageKeysOf = (urls: (string | null | undefined)[]): string[] =>
  urls.filter((u): u is string => !!u && u.startsWith(UPLOAD_URL_PREFIX)).map((u) => u.slice(UPLOAD_URL_PREFIX.length));

export interface StoredMedia {
  id: number;
  url: string;
  mime: string;
  kind: MediaKind;
}

/** Owns UPLOAD_DIR and the `media` table: accepts uploads judged by their bytes, removes files. */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly mediaRows: MediaRepository,
    private readonly probe: ContainerProbe,
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
   * Moves an uploaded temp file into UPLOAD_DIR under a random name if its bytes are one of
   * `kinds`; otherwise deletes it and answers 415. JPEG, PNG, WebP and AVIF are first re-encoded
   * upright and without metadata (no EXIF/GPS location leaves the server) and a GIF is cut to its
   * frames; audio and video must be a whole container with a duration and the right tracks. A file
   * that does not pass is a 415 too. The row records the size of the stored file.
   */
  async accept(file: Express.Multer.File, ownerId: number, kinds: readonly MediaKind[], trx?: Db): Promise<StoredMedia> {
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
    if (needsSanitizing(signature.mime)) {
      const cleaned = `${file.path}.clean`;
      try {
        await sanitizeImage(file.path, cleaned, signature.mime);
      } catch (error) {
        if (!(error instanceof UndecodableImageError)) throw error;
        this.logger.warn(`refused an undecodable ${signature.mime} upload: ${error.message}`);
        return refuse(MESSAGES.http.unreadableMedia, [cleaned]);
      }
      await fs.rm(file.path, { force: true });
      source = cleaned;
    }

    const storageKey = `${randomUUID()}.${signature.ext}`;
    const target = path.join(this.settings.uploadDir, storageKey);
    try {
      const { size } = await fs.stat(source);
      await fs.rename(source, target);
      const id = await this.mediaRows.insert({ owner_id: ownerId, storage_key: storageKey, mime: signature.mime, kind: signature.kind, bytes: size }, trx);
      return { id, url: UPLOAD_URL_PREFIX + storageKey, mime: signature.mime, kind: signature.kind };
    } catch (error) {
      // No file without its row.
      await Promise.all([source, target].map((p) => fs.rm(p, { force: true })));
      throw error;
    }
  }

  /** Deletes temp files of a request that did not go through. */
  async discard(files: Express.Multer.File[]): Promise<void> {
    await Promise.all(files.map((f) => fs.rm(f.path, { force: true })));
  }

  /** Removes media rows and files behind the given /uploads/ URLs (other URLs are ignored). */
  async removeByUrls(urls: (string | null | undefined)[]): Promise<void> {
    const keys = storageKeysOf(urls);
    if (!keys.length) return;
    await this.mediaRows.deleteByStorageKeys(keys);
    await this.removeFiles(keys);
  }

  /**
   * After a post, notice or image that showed these uploads is gone or replaced: removes those no
   * post, notice or profile still uses (other URLs are ignored).
   */
  async removeUnused(urls: (string | null | undefined)[]): Promise<void> {
    const keys = storageKeysOf(urls);
    if (!keys.length) return;
    const unused = await this.mediaRows.unused(keys, UPLOAD_URL_PREFIX, { rowIsUse: false });
    await this.removeByUrls(unused.map((key) => UPLOAD_URL_PREFIX + key));
  }

  /** Of these names under UPLOAD_DIR, the files nothing uses, not even a media row (orphans), sorted. */
  unusedFiles(names: string[]): Promise<string[]> {
    return this.mediaRows.unused(names, UPLOAD_URL_PREFIX, { rowIsUse: true });
  }

  /** Deletes stored files by key; a missing file is not an error. */
  async removeFiles(storageKeys: string[]): Promise<void> {
    await Promise.all(
      storageKeys.map((key) =>
        fs.rm(path.join(this.settings.uploadDir, path.basename(key)), { force: true }).catch((error) => this.logger.warn(`could not remove ${key}: ${error}`)),
      ),
    );
  }

  /** Rejects a request whose file went past the plan's limit while streaming. */
  static tooLarge(): HttpException {
    return new HttpException(MESSAGES.http.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
  }
}
