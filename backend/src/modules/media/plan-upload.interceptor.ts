import { CallHandler, ExecutionContext, Injectable, mixin, NestInterceptor, Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import multer, { MulterError } from 'multer';
import { finalize, Observable } from 'rxjs';
import { planFor } from '@cloud9/contracts';
import { MediaService } from './media.service';

export interface UploadField {
  name: string;
  maxCount?: number;
}

/**
 * Accepts multipart files into UPLOAD_DIR/.incoming, cut off while streaming at the signed-in
 * user's plan `mediaLimit` (413). Runs after SessionGuard, so the plan is known.
 */
export function PlanUpload(fields: UploadField[]): Type<NestInterceptor> {
  @Injectable()
  class PlanUploadInterceptor implements NestInterceptor {
    constructor(private readonly media: MediaService) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      const mediaLimitKb = req.user?.group?.mediaLimit ?? planFor(req.user?.groupId ?? 5)?.mediaLimit ?? 2048;
      await this.media.ensureDirs();
      const upload = multer({
        storage: multer.diskStorage({
          destination: this.media.incomingDir,
          filename: (_req, _file, cb) => cb(null, randomUUID()),
        }),
        limits: { fileSize: mediaLimitKb * 1024, files: fields.length, fields: 30, fieldSize: 64 * 1024 },
      }).fields(fields.map((f) => ({ name: f.name, maxCount: f.maxCount ?? 1 })));
      await new Promise<void>((resolve, reject) =>
        upload(req, http.getResponse<Response>(), (error: unknown) => {
          if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(MediaService.tooLarge());
          return error ? reject(error) : resolve();
        }),
      );
      // Whatever the handler did not move into place (an error, a 4xx) is deleted afterwards.
      return next.handle().pipe(finalize(() => void this.media.discard(allUploadedFiles(req))));
    }
  }
  return mixin(PlanUploadInterceptor);
}

/** The files multer accepted for one field. */
export const uploadedFile = (req: Request, field: string): Express.Multer.File | undefined =>
  (req.files as Record<string, Express.Multer.File[]> | undefined)?.[field]?.[0];

export const allUploadedFiles = (req: Request): Express.Multer.File[] =>
  Object.values((req.files as Record<string, Express.Multer.File[]> | undefined) ?? {}).flat();
