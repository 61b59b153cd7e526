import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { canPostNotice, MESSAGES } from '@cloud9/contracts';

/**
 * Only staff and the admin write notices. A guard, so a member's upload to the notice route is
 * refused before a byte of its file is read (NoticesService checks it again for every body).
 */
@Injectable()
export class NoticeWriterGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Request>().user;
    if (!canPostNotice(user ? { id: user.id, group_id: user.group_id } : null)) throw new ForbiddenException(MESSAGES.notices.permissionDenied);
    return true;
  }
}
