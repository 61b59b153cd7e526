import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES } from '@cloud9/contracts';

/** Only the owner edits a profile; checked before any upload is read. */
@Injectable()
export class ProfileOwnerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const username = String(req.params.username ?? '');
    if (!req.user || req.user.username.toLowerCase() !== username.toLowerCase()) {
      throw new ForbiddenException(MESSAGES.profile.onlyOwnerEdits);
    }
    return true;
  }
}
