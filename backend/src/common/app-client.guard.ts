import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CLIENT_HEADER, MESSAGES } from '@cloud9/contracts';

/** 403 unless the request carries APP_CLIENT_HEADER (see AppClientOnly). */
@Injectable()
class AppClientGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.get(APP_CLIENT_HEADER.name) !== APP_CLIENT_HEADER.value) throw new ForbiddenException(MESSAGES.http.appClientRequired);
    return true;
  }
}

/**
 * Marks a GET route that writes (runs an admin job, or records an audit row): only the app's own
 * client, or a script, may call it. Links, <img> and forms cannot set the header, and a cross-site
 * fetch that sets it needs a CORS preflight the API never grants, so no navigation triggers it, even
 * in a browser that sends no Fetch Metadata. Runs after the session check (401/403 come first).
 */
export const AppClientOnly = () => UseGuards(AppClientGuard);
