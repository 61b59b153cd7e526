import { BadRequestException } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream';
import type { StorageEngine } from 'multer';
import { MESSAGES } from '@cloud9/contracts';
import { isUnsafeName } from '../../common/text-rules';

/**
 * multer storage for UPLOAD_DIR/.incoming: each file under a random name. A field or file name with
 * a control character, a NUL or a lone surrogate is refused before anything is written, and the
 * moment a file crosses the size limit `onTooLarge` runs and the partial file goes (multer itself
 * would only report it once the whole request body has been read).
 */
export class IncomingStorage implements StorageEngine {
  constructor(
    private readonly dir: string,
    private readonly onTooLarge: () => void,
  ) {}

  _handleFile(_req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    if (isUnsafeName(file.fieldname) || isUnsafeName(file.originalname)) {
      file.stream.resume();
      return cb(new BadRequestException(MESSAGES.http.invalidMultipart));
    }
    const filename = randomUUID();
    const target = path.join(this.dir, filename);
    const out = createWriteStream(target, { flags: 'wx' });
    file.stream.once('limit', () => {
      this.onTooLarge();
      // Stop here: the partial file is removed now, not whenever the client stops sending.
      file.stream.destroy();
    });
    pipeline(file.stream, out, (error) => {
      if (error) return void fs.rm(target, { force: true }).finally(() => cb(error));
      cb(null, { destination: this.dir, filename, path: target, size: out.bytesWritten });
    });
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    fs.rm(file.path, { force: true }).then(() => cb(null), cb);
  }
}
