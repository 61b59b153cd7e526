import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, contentTypeOf, isStorableKey, type LocalCopy, MediaStorage, type ObjectRead, RangeNotSatisfiableError, type StoredObject } from './media-storage';

/** Folders under the root that hold no stored files: uploads being received. */
const SCRATCH = '.incoming';
const PAGE = 1000;

/** The media as files under UPLOAD_DIR (a key's '/' is a sub-folder). */
export class LocalStorage extends MediaStorage {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {
    super();
  }

  private pathOf(key: string): string {
    if (!isStorableKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    // Through a temp name, so a reader never sees half a file.
    const temp = path.join(this.root, SCRATCH, `${randomUUID()}.part`);
    await fs.mkdir(path.dirname(temp), { recursive: true });
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp, { flags: 'wx' }));
      await this.putFile(key, temp, contentType);
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  /** A rename: UPLOAD_DIR/.incoming is on the same file system. */
  async putFile(key: string, file: string, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(file, target);
  }

  async head(key: string): Promise<StoredObject | null> {
    const stat = await fs.stat(this.pathOf(key)).catch(() => null);
    return stat?.isFile() ? { key, bytes: stat.size, modifiedAt: stat.mtime } : null;
  }

  async read(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    const file = this.pathOf(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const total = stat.size;
    let span: { start: number; end: number } | null = null;
    if (range) {
      span = 'suffix' in range ? { start: Math.max(0, total - range.suffix), end: total - 1 } : { start: range.start, end: Math.min(range.end ?? total - 1, total - 1) };
      if (span.start >= total || span.end < span.start) throw new RangeNotSatisfiableError(total);
    }
    const body = createReadStream(file, span ? { start: span.start, end: span.end } : {});
    return { body, bytes: span ? span.end - span.start + 1 : total, total, range: span, contentType: contentTypeOf(key), etag: null, modifiedAt: stat.mtime };
  }

  async localCopy(key: string): Promise<LocalCopy | null> {
    const file = this.pathOf(key);
    return (await this.head(key)) ? { path: file, release: async () => undefined } : null;
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.rm(this.pathOf(key), { force: true })));
  }

  async *list(): AsyncIterable<StoredObject[]> {
    let page: StoredObject[] = [];
    const walk = async function* (this: LocalStorage, dir: string): AsyncGenerator<StoredObject> {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        // Dot-names are never stored files (never served either): .incoming, an editor's or the OS's own.
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk.call(this, full);
        else if (entry.isFile()) {
          const stat = await fs.stat(full).catch(() => null);
          if (stat) yield { key: path.relative(this.root, full).split(path.sep).join('/'), bytes: stat.size, modifiedAt: stat.mtime };
        }
      }
    };
    for await (const object of walk.call(this, this.root)) {
      page.push(object);
      if (page.length === PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
  }
}
