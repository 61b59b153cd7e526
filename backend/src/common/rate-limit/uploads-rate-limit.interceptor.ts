import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { VIDEO_POSTER } from '@cloud9/contracts';
import { showRateLimit } from './rate-limit-headers';
import { RateLimitsService } from './rate-limits.service';
import { actorSubject } from './subjects';

/**
 * How many files the upload interceptor took in (`.fields()` gives a record of lists, `.array()` a
 * list). A video's poster frame is part of its video, not an upload of its own.
 */
function filesReceived(req: Request): number {
  const files = req.files as Express.Multer.File[] | Record<string, Express.Multer.File[]> | undefined;
  const counted = (name: string, list: Express.Multer.File[]) => (name === VIDEO_POSTER.part ? 0 : list.length);
  const listed = Array.isArray(files) ? files.length : Object.entries(files ?? {}).reduce((n, [name, list]) => n + counted(name, list), 0);
  return listed + (req.file ? 1 : 0);
}

/**
 * RATE_LIMIT_UPLOADS counts media files, so it is listed right after the route's upload
 * interceptor: the files are known there and none is accepted yet. A request that would go over
 * is refused whole (429) and its files are discarded with it; one without files counts nothing.
 * (An account with nothing left is refused sooner, by PlanUpload, before its first file is written.)
 */
@Injectable()
export class UploadsRateLimit implements NestInterceptor {
  constructor(private readonly limits: RateLimitsService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const files = filesReceived(req);
    if (files) {
      const state = await this.limits.consume('uploads', actorSubject(req), files);
      if (state) showRateLimit(context.switchToHttp().getResponse<Response>(), state);
    }
    return next.handle();
  }
}
