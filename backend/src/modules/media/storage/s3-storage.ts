import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../../../config/settings';
import { type ByteRange, isStorableKey, type LocalCopy, MediaStorage, type ObjectRead, RangeNotSatisfiableError, type StoredObject } from './media-storage';
import { StorageUnavailableError } from '../../../common/dependency-errors';

/** A stored key's bytes never change (content address): caches (a CDN, the browser) may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;
/** lib-storage's parts (S3's minimum is 5 MiB); at most two in flight, so a big video holds ~16 MiB of memory. */
const PART_BYTES = 8 * 1024 * 1024;

/** Time to connect, and the longest silence on a connection, before the request fails (and answers 503). */
const S3_CONNECT_TIMEOUT_MS = 2000;
const S3_IDLE_TIMEOUT_MS = 15_000;

const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNotFound = (error: unknown) => statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error).name);

/** The bucket answered something we cannot use, or did not answer: the store is unavailable. */
function unavailable(error: unknown, what: string): StorageUnavailableError {
  const status = statusOf(error);
  return new StorageUnavailableError(`S3 ${what}: ${(error as Error).name}${status ? ` (HTTP ${status})` : ''}: ${(error as Error).message}`, { cause: error });
}

const rangeHeader = (range: { start: number; end: number | null }): string => `bytes=${range.start}-${range.end ?? ''}`;

/** The media as objects of one bucket (AWS S3, MinIO, s3rver), streamed both ways. */
export class S3Storage extends MediaStorage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s3: S3Settings, secretAccessKey: string | null) {
    super();
    this.bucket = s3.bucket;
    this.client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint ?? undefined,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.accessKeyId && secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey } : undefined,
      // One retry: a bucket that is away answers the upload's 503 in seconds, not after the SDK's backoff.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_IDLE_TIMEOUT_MS },
    });
  }

  private async send<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error, what);
    }
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    if (!isStorableKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await this.send(`upload of ${key}`, () => upload.done());
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    try {
      await this.put(key, createReadStream(file), contentType);
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, bytes: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error, `head of ${key}`);
    }
  }

  async read(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    if (range && 'suffix' in range) {
      // Not every S3-compatible service answers "the last n bytes" (s3rver reads it as 0-n): asked as from-to.
      const head = await this.head(key);
      if (!head) return null;
      if (range.suffix === 0 || head.bytes === 0) throw new RangeNotSatisfiableError(head.bytes);
      return this.read(key, { start: Math.max(0, head.bytes - range.suffix), end: head.bytes - 1 });
    }
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && !('suffix' in range) ? rangeHeader(range) : undefined }));
      const bytes = got.ContentLength ?? 0;
      // "bytes 0-99/1234" when a range was answered.
      const span = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(got.ContentRange ?? '');
      return {
        body: got.Body as Readable,
        bytes,
        total: span ? Number(span[3]) : bytes,
        range: span ? { start: Number(span[1]), end: Number(span[2]) } : null,
        contentType: got.ContentType ?? null,
        etag: got.ETag ?? null,
        modifiedAt: got.LastModified ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      if (statusOf(error) === 416) throw new RangeNotSatisfiableError((await this.head(key))?.bytes ?? 0);
      throw unavailable(error, `read of ${key}`);
    }
  }

  async localCopy(key: string, scratchDir: string): Promise<LocalCopy | null> {
    const object = await this.read(key);
    if (!object) return null;
    const file = path.join(scratchDir, `${randomUUID()}${path.extname(key)}`);
    const release = () => fs.rm(file, { force: true });
    try {
      await pipeline(object.body, createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await release();
      throw unavailable(error, `download of ${key}`);
    }
    return { path: file, release };
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const out = await this.send('delete', () => this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })));
      if (out.Errors?.length) throw new StorageUnavailableError(`S3 delete: ${out.Errors.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
    }
  }

  async *list(): AsyncIterable<StoredObject[]> {
    let token: string | undefined;
    do {
      const page = await this.send('list', () => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token })));
      // A key no upload could have (a dot-name, like the local store's .incoming) is not ours to judge.
      const objects = (page.Contents ?? []).filter((o) => o.Key && isStorableKey(o.Key)).map((o) => ({ key: o.Key!, bytes: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) }));
      if (objects.length) yield objects;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's sockets (the app is closing). */
  close(): void {
    this.client.destroy();
  }
}
