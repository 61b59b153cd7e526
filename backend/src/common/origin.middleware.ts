import { ForbiddenException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@cloud9/contracts';
import { Settings } from '../config/settings';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** The origins allowed to change state: PUBLIC_URL (and its loopback aliases) plus ALLOWED_ORIGINS. */
export function allowedOrigins(settings: Settings): Set<string> {
  const origins = new Set<string>([new URL(settings.publicUrl).origin, ...settings.allowedOrigins]);
  const publicUrl = new URL(settings.publicUrl);
  if (LOOPBACK.includes(publicUrl.hostname)) {
    for (const host of LOOPBACK) origins.add(`${publicUrl.protocol}//${host}${publicUrl.port ? ':' + publicUrl.port : ''}`);
  }
  return origins;
}

/**
 * Refuses state-changing requests that a browser sent from a foreign page. Requests without an
 * Origin (server-to-server calls, webhooks, curl) pass; the SameSite=Lax cookie covers the rest.
 */
export function originGuard(settings: Settings) {
  const allowed = allowedOrigins(settings);
  return (req: Request, _res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || !origin || allowed.has(origin.replace(/\/+$/, ''))) return next();
    next(new ForbiddenException(MESSAGES.http.originRefused));
  };
}
