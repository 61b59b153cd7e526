import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGES, type CurrentUser } from '@cloud9/contracts';
import { RateLimiterService } from '../../common/rate-limiter.service';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { UsersService } from '../users/users.service';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';

@Injectable()
export class AuthService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly rateLimiter: RateLimiterService,
  ) {}

  /** Signs in by username or email; failures are limited per IP + username. */
  async login(req: Request, identifier: string, password: string): Promise<CurrentUser> {
    const subject = `${req.ip}:${identifier.trim().toLowerCase()}`;
    const limit = this.settings.rateLimitLogin;
    await this.rateLimiter.assertUnder('login', subject, limit, MESSAGES.auth.tooManyLogins);

    const found = await this.users.findWithPasswordHash(identifier.trim());
    const ok = await this.passwords.verify(found?.passwordHash ?? null, password);
    if (!found || !ok) {
      await this.rateLimiter.hit('login', subject, limit);
      throw new UnauthorizedException(MESSAGES.auth.invalidCredentials);
    }
    await this.rateLimiter.reset('login', subject);
    await this.sessions.establish(req, found.id);
    return this.users.toCurrentUser(found);
  }

  logout(req: Request): Promise<void> {
    return this.sessions.end(req);
  }
}
