import { BadRequestException } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs, type WriteStream } from 'node:fs';
import * as path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { MulterError, type StorageEngine } from 'multer';
import { MESSAGES } from '@cloud9/contracts';
import { isUnsafeName } from '../../common/text-rules';

/**
 * multer storage for one request's folder under UPLOAD_DIR/.incoming: each file under a random name.
 * A field or file name with a control character, a NUL or a lone surrogate is refused before
 * anything is written, and so is the first file if `admit` (run once, before it) rejects. The moment
 * a file crosses the size limit the upload is refused and the partial file goes (multer itself would
 * only report it once the whole request body has been read). Either refusal reaches `onRefused` at
 * once, with the body still coming. `close` stops every file still being written (a refusal, a client
 * that hung up) so the folder can go.
 */
export class IncomingStorage implements StorageEngine {
  onRefused: (error: unknown) => void = () => undefined;
  private closed = false;
  private admitted: Promise<unknown> | null = null;
  private readonly writing = new Set<{ file: Readable; out: WriteStream }>();

  constructor(
    private readonly dir: string,
    private readonly admit: () => Promise<unknown>,
  ) {}

  _handleFile(_req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    if (this.closed || isUnsafeName(file.fieldname) || isUnsafeName(file.originalname)) {
      file.stream.resume();
      return cb(new BadRequestException(MESSAGES.http.invalidMultipart));
    }
    file.stream.once('limit', () => {
      this.onRefused(new MulterError('LIMIT_FILE_SIZE', file.fieldname));
      // Stop here: the partial file is removed now, not whenever the client stops sending.
      file.stream.destroy();
    });
    (this.admitted ??= this.admit()).then(
      () => this.write(file, cb),
      (error: unknown) => {
        this.onRefused(error);
        file.stream.resume();
        cb(error);
      },
    );
  }

  private write(file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    if (this.closed || file.stream.destroyed) {
      file.stream.resume();
      return cb(new BadRequestException(MESSAGES.http.invalidMultipart));
    }
    const filename = randomUUID();
    const target = path.join(this.dir, filename);
    const out = createWriteStream(target, { flags: 'wx' });
    const entry = { file: file.stream, out };
    this.writing.add(entry);
    pipeline(file.stream, out, (error) => {
      this.writing.delete(entry);
      if (error) return void fs.rm(target, { force: true }).finally(() => cb(error));
      cb(null, { destination: this.dir, filename, path: target, size: out.bytesWritten });
    });
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    fs.rm(file.path, { force: true }).then(() => cb(null), cb);
  }

  /** Takes no more files and stops those still being written; resolves once none is open. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      [...this.writing].map(({ file, out }) => {
        file.destroy();
        return out.closed ? undefined : new Promise<void>((resolve) => out.destroy().once('close', () => resolve()));
      }),
    );
  }
}
