import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { finalize, Observable } from 'rxjs';
import { MESSAGES, planFor, VIDEO_POSTER } from '@cloud9/contracts';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { actorSubject } from '../../common/rate-limit/subjects';
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

/**
 * A parser error is the client's malformed form (400); a failure to store the file is ours (500). A file
 * past the plan's limit is a 413 that ends the connection, whether or not the rest of the body (the
 * closing boundary, a poster part) had arrived when it was refused.
 */
function uploadError(error: unknown, res: Response): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof MulterError) {
    return error.code === 'LIMIT_FILE_SIZE' ? bodyTooLarge(res, MESSAGES.http.tooLarge) : new BadRequestException(MESSAGES.http.invalidMultipart);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code && /^E[A-Z]+$/.test(code) ? error : new BadRequestException(MESSAGES.http.invalidMultipart);
}

/**
 * Accepts multipart files into a folder of their own under UPLOAD_DIR/.incoming, limited by the
 * signed-in user's plan `mediaLimit`. Everything that can refuse the upload without its bytes is
 * judged before a byte of a file is written: who may call (the route's guards ran before this), a
 * declared Content-Length above what the form may carry (413, before reading), and, when the first
 * file part begins, whether the account has uploads left (RATE_LIMIT_UPLOADS, 429; counted once the
 * files are known, by UploadsRateLimit). A file that crosses the limit while streaming is a 413 at
 * that moment. A refusal's answer goes out at once and the connection closes after it (lingering:
 * see limitRequestBodies). Whatever the request wrote and nothing moved into the store (a refusal, a
 * client that hung up mid-body, a 4xx of the handler) goes with its folder once the response has
 * closed and the handler is done. JSON bodies of the same routes were parsed at the edge and pass
 * through untouched.
 */
export function PlanUpload(fields: UploadField[]): Type<NestInterceptor> {
  @Injectable()
  class PlanUploadInterceptor implements NestInterceptor {
    constructor(
      private readonly media: MediaService,
      private readonly limits: RateLimitsService,
    ) {}

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
      const scratch = await this.media.openScratch();
      // The uploads limit is asked at the first file: a form without files (a text post) counts nothing.
      const storage = new IncomingStorage(scratch, () => this.limits.assertRoom('uploads', actorSubject(req)));
      // The folder goes once the answer is out (or the client gone) and the handler is done with its files.
      let holders = 2;
      const release = () => {
        if (--holders === 0) void storage.close().then(() => this.media.dropScratch(scratch));
      };
      if (res.closed) release();
      else res.once('close', release);
      try {
        await this.receive(req, res, storage, fileLimit, files, bodyLimit);
      } catch (error) {
        release();
        throw error;
      }
      return next.handle().pipe(finalize(release));
    }

    private receive(req: Request, res: Response, storage: IncomingStorage, fileLimit: number, files: number, bodyLimit: number): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        const settle = (error?: unknown) => {
          if (settled) return;
          settled = true;
          if (error) reject(error);
          else resolve();
        };
        storage.onRefused = (error) => settle(uploadError(error, res));
        // A client that hangs up mid-body: multer may never call back (a file stream left open).
        if (req.destroyed && !req.complete) return settle(new BadRequestException(MESSAGES.http.invalidMultipart));
        req.once('close', () => {
          if (!req.complete) settle(new BadRequestException(MESSAGES.http.invalidMultipart));
        });
        const upload = multer({
          storage,
          limits: { fileSize: fileLimit, files, fields: 30, fieldSize: 64 * 1024, fieldNameSize: 100, parts: 40, headerPairs: 20, fieldNestingDepth: 0 },
        }).fields(fields.map((f) => ({ name: f.name, maxCount: f.maxCount ?? 1 })));
        upload(req, res, (error: unknown) => {
          if (error) return settle(uploadError(error, res));
          const fieldNames = Object.keys(req.body ?? {});
          if (fieldNames.some(isUnsafeName) || hasForbiddenText(req.body)) return settle(new BadRequestException(MESSAGES.http.invalidCharacters));
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
