import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { finalize, Observable } from 'rxjs';
import { MESSAGES, planFor, VIDEO_POSTER } from '@cloud9/contracts';
import { bodyTooLarge, declaredLength, MULTIPART_OVERHEAD_BYTES } from '../../common/request-limits';
import { hasForbiddenText, isUnsafeName } from '../../common/text-rules';
import { IncomingStorage } from './incoming-storage';
import { MediaService } from './media.service';

export interface UploadField {
  name: string;
  maxCount?: number;
  /** A smaller bound than the plan's for this part (a poster frame): the body may carry only that much more. */
  maxBytes?: number;
}

const isMultipart = (req: Request) => /^multipart\//i.test(req.headers['content-type'] ?? '');

/** A parser error is the client's malformed form (400); a failure to store the file is ours (500). */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof MulterError) {
    return error.code === 'LIMIT_FILE_SIZE' ? MediaService.tooLarge() : new BadRequestException(MESSAGES.http.invalidMultipart);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code && /^E[A-Z]+$/.test(code) ? error : new BadRequestException(MESSAGES.http.invalidMultipart);
}

/**
 * Accepts multipart files into UPLOAD_DIR/.incoming, limited by the signed-in user's plan
 * `mediaLimit`: a declared Content-Length above what the form may carry is a 413 before reading,
 * and a file that crosses the limit while streaming is a 413 at that moment. Either way the
 * connection is closed and no part of the file stays. Runs after SessionGuard, so the plan is known.
 * JSON bodies of the same routes were parsed at the edge and pass through untouched.
 */
export function PlanUpload(fields: UploadField[]): Type<NestInterceptor> {
  @Injectable()
  class PlanUploadInterceptor implements NestInterceptor {
    constructor(private readonly media: MediaService) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      const res = http.getResponse<Response>();
      if (!isMultipart(req)) return next.handle();
      const mediaLimitKb = req.user?.group?.media_limit_kb ?? planFor(req.user?.group_id ?? 5)?.mediaLimit ?? 2048;
      const fileLimit = mediaLimitKb * 1024;
      const files = fields.reduce((n, f) => n + (f.maxCount ?? 1), 0);
      const bodyLimit = fields.reduce((n, f) => n + (f.maxCount ?? 1) * Math.min(f.maxBytes ?? fileLimit, fileLimit), 0) + MULTIPART_OVERHEAD_BYTES;
      const declared = declaredLength(req);
      if (declared !== null && declared > bodyLimit) throw bodyTooLarge(res, MESSAGES.http.tooLarge);
      await this.media.ensureDirs();
      await this.receive(req, res, fileLimit, files, bodyLimit);
      // Whatever the handler did not move into place (an error, a 4xx) is deleted afterwards.
      return next.handle().pipe(finalize(() => void this.media.discard(allUploadedFiles(req))));
    }

    private receive(req: Request, res: Response, fileLimit: number, files: number, bodyLimit: number): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const settle = (error?: unknown) => {
          if (settled) return;
          settled = true;
          if (error) reject(error);
          else resolve();
        };
        const storage = new IncomingStorage(this.media.incomingDir, () => settle(bodyTooLarge(res, MESSAGES.http.tooLarge)));
        const upload = multer({
          storage,
          limits: { fileSize: fileLimit, files, fields: 30, fieldSize: 64 * 1024, fieldNameSize: 100, parts: 40, headerPairs: 20, fieldNestingDepth: 0 },
        }).fields(fields.map((f) => ({ name: f.name, maxCount: f.maxCount ?? 1 })));
        upload(req, res, (error: unknown) => {
          if (error) return settle(uploadError(error));
          const fieldNames = Object.keys(req.body ?? {});
          if (fieldNames.some(isUnsafeName) || hasForbiddenText(req.body)) {
            void this.media.discard(allUploadedFiles(req));
            return settle(new BadRequestException(MESSAGES.http.invalidCharacters));
          }
          settle();
        });
        // multer answers an error (an unexpected file, an oversized text field) only once the whole body has
        // been read, and a chunked body declares no length: count what arrives, and stop at what the form
        // may carry. Added after multer piped the request, so no byte goes past it.
        let received = 0;
        req.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > bodyLimit) settle(bodyTooLarge(res, MESSAGES.http.tooLarge));
        });
      });
    }
  }
  return mixin(PlanUploadInterceptor);
}

/** A post's or notice's parts: one file and, beside a video, its poster frame. */
export const MEDIA_WITH_POSTER: UploadField[] = [{ name: 'file' }, { name: VIDEO_POSTER.part, maxBytes: VIDEO_POSTER.maxBytes }];

/** The files multer accepted for one field. */
export const uploadedFile = (req: Request, field: string): Express.Multer.File | undefined =>
  (req.files as Record<string, Express.Multer.File[]> | undefined)?.[field]?.[0];

const allUploadedFiles = (req: Request): Express.Multer.File[] =>
  Object.values((req.files as Record<string, Express.Multer.File[]> | undefined) ?? {}).flat();
