import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES, type CurrentUser, MODERATION_MESSAGES } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject, requestIpSubject } from '../../common/rate-limit/subjects';
import { AccountsService } from '../users/accounts.service';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { ModerationService } from '../moderation/moderation.service';
import { DeviceCookies } from './device-cookie';

@Injectable()
export class AuthService {
  private readonly devices: DeviceCookies;

  constructor(
    private readonly users: AccountsService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
    private readonly moderation: ModerationService,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.devices = new DeviceCookies(settings);
  }

  /**
   * Signs in by username or email. Failed attempts are limited per client address whatever the
   * name (password spraying, RATE_LIMIT_LOGIN_IP), per account and client address together
   * (RATE_LIMIT_LOGIN: one client guessing cannot lock the owner out elsewhere), and per account
   * across all clients (RATE_LIMIT_LOGIN_ACCOUNT) unless the browser carries this account's device
   * cookie: then its failures count under that cookie instead (at RATE_LIMIT_LOGIN), so a device the
   * owner signed in on keeps working while the account is under attack, and a stolen cookie is
   * locked out like a client. The username and email of an account count as one. Every attempt is
   * counted up front, so parallel guesses cannot slip past a limit, and a successful one is given
   * back. A right password then counts against RATE_LIMIT_LOGIN_OK (sign-ins per account); a
   * suspended account's answers 403 with the suspension's end.
   */
  async login(req: Request, res: Response, identifier: string, password: string): Promise<CurrentUser> {
    const found = await this.users.findWithPasswordHash(identifier.trim());
    const address = requestIpSubject(req);
    // An unknown name is limited too (by its normalised form), so probing it costs the same.
    const account = found ? accountSubject(found.id) : `name:${identifier.trim().toLowerCase()}`;
    const device = found ? this.devices.read(req, found.id) : null;
    const client = `${account}|${address}`;
    await this.limits.consume('loginIp', address);
    await this.limits.consume('login', client);
    if (device) await this.limits.consume('login', `device:${device.nonce}`);
    else await this.limits.consume('loginAccount', account);

    const ok = await this.passwords.verify(found?.password_hash ?? null, password);
    if (!found || !ok) throw new UnauthorizedException(MESSAGES.auth.invalidCredentials);
    await Promise.all([
      this.limits.refund('loginIp', address),
      this.limits.reset('login', client),
      // The account's ceiling is only ever given back this attempt: a success does not clear what others tried.
      device ? this.limits.reset('login', `device:${device.nonce}`) : this.limits.refund('loginAccount', account),
    ]);
    // A suspended member learns until when, and gets no session.
    const suspendedUntil = await this.moderation.suspendedUntil(found.id);
    if (suspendedUntil) throw new ForbiddenException(MODERATION_MESSAGES.suspended(suspendedUntil));
    await this.limits.consume('loginOk', account);
    await this.sessions.establish(req, found.id);
    // A fresh device cookie on every sign-in (a new id: the old one's count does not follow it).
    res.cookie(this.devices.name, ...this.devices.issue(found.id));
    return this.users.toCurrentUser(found);
  }

  logout(req: Request): Promise<void> {
    return this.sessions.end(req);
  }
}
