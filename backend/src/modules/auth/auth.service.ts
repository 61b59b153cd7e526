import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES, type CurrentUser, MODERATION_MESSAGES } from '@cloud9/contracts';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject, requestIpSubject } from '../../common/rate-limit/subjects';
import { AccountsService } from '../users/accounts.service';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { ModerationService } from '../moderation/moderation.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: AccountsService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
    private readonly moderation: ModerationService,
  ) {}

  /**
   * Signs in by username or email. Failed attempts are limited per client address whatever the
   * name (password spraying) and per account, its username and email counting as one. Every
   * attempt is counted up front, so parallel guesses cannot slip past the limit, and a successful
   * one is given back. A suspended account's right password answers 403 with the suspension's end.
   */
  async login(req: Request, identifier: string, password: string): Promise<CurrentUser> {
    const found = await this.users.findWithPasswordHash(identifier.trim());
    const address = requestIpSubject(req);
    // An unknown name is limited too (by its normalised form), so probing it costs the same.
    const account = found ? accountSubject(found.id) : `name:${identifier.trim().toLowerCase()}`;
    await this.limits.consume('loginIp', address);
    await this.limits.consume('login', account);

    const ok = await this.passwords.verify(found?.password_hash ?? null, password);
    if (!found || !ok) throw new UnauthorizedException(MESSAGES.auth.invalidCredentials);
    await Promise.all([this.limits.refund('loginIp', address), this.limits.reset('login', account)]);
    // A suspended member learns until when, and gets no session.
    const suspendedUntil = await this.moderation.suspendedUntil(found.id);
    if (suspendedUntil) throw new ForbiddenException(MODERATION_MESSAGES.suspended(suspendedUntil));
    await this.sessions.establish(req, found.id);
    return this.users.toCurrentUser(found);
  }

  logout(req: Request): Promise<void> {
    return this.sessions.end(req);
  }
}
