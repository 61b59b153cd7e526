import { ForbiddenException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@cloud9/contracts';
import { Settings } from '../config/settings';
import { allowedOrigins, fromForeignPage } from './cross-site';

/** Methods that only read (a GET that acts is an @AppClientOnly route, refused to navigations there). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses (403, before any route runs) every API request a browser sent from a page that is not
 * ours: cross-site forms, <img> and fetches, and links from other sites. See fromForeignPage.
 */
export function originGuard(settings: Settings) {
  const allowed = allowedOrigins(settings);
  return (req: Request, _res: Response, next: NextFunction) => {
    if (fromForeignPage(req.headers, allowed, !SAFE_METHODS.has(req.method))) return next(new ForbiddenException(MESSAGES.http.originRefused));
    next();
  };
}
