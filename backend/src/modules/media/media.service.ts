import { HttpStatus, HttpException, Inject, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { DataSource, EntityManager, In } from 'typeorm';
import { MESSAGES } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { FileSignature, SNIFF_BYTES, sniffFile } from './file-signature';
import { MediaEntity, MediaKind } from './media.entity';

export const UPLOAD_URL_PREFIX = '/uploads/';

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
    private readonly dataSource: DataSource,
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

  /**
   * Moves an uploaded temp file into UPLOAD_DIR under a random name if its bytes are one of
   * `kinds`; otherwise deletes it and answers 415.
   */
  async accept(file: Express.Multer.File, ownerId: number, kinds: readonly MediaKind[], manager?: EntityManager): Promise<StoredMedia> {
    const signature = await this.sniff(file.path).catch(() => null);
    if (!signature || !kinds.includes(signature.kind)) {
      await this.discard([file]);
      const message = kinds.length === 1 && kinds[0] === 'image' ? MESSAGES.http.unsupportedImage : MESSAGES.http.unsupportedMedia;
      throw new UnsupportedMediaTypeException(message);
    }
    const storageKey = `${randomUUID()}.${signature.ext}`;
    await fs.rename(file.path, path.join(this.settings.uploadDir, storageKey));
    const repo = (manager ?? this.dataSource.manager).getRepository(MediaEntity);
    const saved = await repo.save(repo.create({ ownerId, storageKey, mime: signature.mime, kind: signature.kind, bytes: file.size }));
    return { id: saved.id, url: UPLOAD_URL_PREFIX + storageKey, mime: signature.mime, kind: signature.kind };
  }

  /** Deletes temp files of a request that did not go through. */
  async discard(files: Express.Multer.File[]): Promise<void> {
    await Promise.all(files.map((f) => fs.rm(f.path, { force: true })));
  }

  /** Removes media rows and files behind the given /uploads/ URLs (other URLs are ignored). */
  async removeByUrls(urls: (string | null | undefined)[]): Promise<void> {
    const keys = urls.filter((u): u is string => !!u && u.startsWith(UPLOAD_URL_PREFIX)).map((u) => u.slice(UPLOAD_URL_PREFIX.length));
    if (!keys.length) return;
    await this.dataSource.getRepository(MediaEntity).delete({ storageKey: In(keys) });
    await this.removeFiles(keys);
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
