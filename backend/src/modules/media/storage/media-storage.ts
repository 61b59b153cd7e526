import type { Readable } from 'node:stream';

/** One stored file as a listing or a head request sees it. */
export interface StoredObject {
  /** Its name: '/'-separated, relative to the store's root (UPLOAD_DIR or the bucket). */
  key: string;
  bytes: number;
  modifiedAt: Date;
}

/** A file's bytes (all, or the asked range) with what an HTTP answer needs. */
export interface ObjectRead {
  body: Readable;
  /** Bytes in `body`. */
  bytes: number;
  /** The whole file's size. */
  total: number;
  /** The inclusive byte range `body` holds, when a range was asked for. */
  range: { start: number; end: number } | null;
  contentType: string | null;
  etag: string | null;
  modifiedAt: Date | null;
}

/** A file available on the local disk for the image tools; `release` removes it when it was a copy. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/** Asked byte range: from `start` to `end` inclusive (end null: to the end), or the last `suffix` bytes. */
export type ByteRange = { start: number; end: number | null } | { suffix: number };

/** The range asked cannot be answered (it starts after the end): 416. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly total: number) {
    super('range not satisfiable');
  }
}

/**
 * Where uploaded media is kept: the local disk (UPLOAD_DIR) or an S3 bucket. Uploads are received
 * and judged on the local disk either way (UPLOAD_DIR/.incoming); this holds the accepted files,
 * under their content-addressed keys. A missing file is never an error: reads answer null and
 * deletes do nothing.
 */
export abstract class MediaStorage {
  abstract readonly driver: 'local' | 's3';

  /** Stores `body` as `key` (replacing what was there: a key's content never changes). */
  abstract put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;

  /** Moves the local file `file` into the store as `key` (streamed); the file is gone afterwards. */
  abstract putFile(key: string, file: string, contentType: string): Promise<void>;

  abstract head(key: string): Promise<StoredObject | null>;

  abstract read(key: string, range?: ByteRange): Promise<ObjectRead | null>;

  /** `key` as a file on the local disk (a copy in `scratchDir` when the store is remote). */
  abstract localCopy(key: string, scratchDir: string): Promise<LocalCopy | null>;

  abstract delete(keys: string[]): Promise<void>;

  /** Every stored file, in pages (uploads being received are not stored files). */
  abstract list(): AsyncIterable<StoredObject[]>;
}

/** A key the stores accept: '/'-separated names, none empty, '.' or '..' or starting with a dot (.incoming is scratch). */
export const isStorableKey = (key: string): boolean =>
  key.length > 0 && key.length <= 1024 && key.split('/').every((part) => part !== '' && !part.startsWith('.')) && !/[\\\0]/.test(key);

/** What a stored file is served as, by its name (the stored kinds and their variants; anything else is plain bytes). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
};

export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
