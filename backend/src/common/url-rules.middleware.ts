import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@cloud9/contracts';
import { decodeComponent } from './text-rules';

/** True when every path segment and every query key and value decodes to allowed text. */
export function isCleanUrl(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  try {
    for (const segment of path.split('/')) decodeComponent(segment, false);
    for (const pair of query.split('&')) for (const part of pair.split('=')) decodeComponent(part, true);
    return true;
  } catch {
    return false;
  }
}

/**
 * Path parameters and query strings are text like any other: a NUL, an encoded surrogate or a
 * percent escape that is not UTF-8 is a 400 here, before routing, for every route (Bull Board too).
 */
export function refuseMalformedUrls(req: Request, _res: Response, next: NextFunction): void {
  next(isCleanUrl(req.originalUrl) ? undefined : new BadRequestException(MESSAGES.http.invalidCharacters));
}
