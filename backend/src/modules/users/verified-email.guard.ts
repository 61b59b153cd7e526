import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';

/**
 * With EMAIL_VERIFICATION=required, what reaches others (posting, replying, following, liking,
 * subscribing to a paid plan) waits until the account's address is verified: 403 with the catalogue's
 * message. With `optional` (the default) it lets everything through. Runs after the session guard.
 */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.settings.emailVerification !== 'required') return true;
    const user = context.switchToHttp().getRequest<Request>().user;
    if (user && !user.email_verified) throw new ForbiddenException(MESSAGES.accountMail.verificationRequired);
    return true;
  }
}
