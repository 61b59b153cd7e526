import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES, type CurrentUser, type LoginResult, type LoginSecondStepBody, MODERATION_MESSAGES, PASSKEY_MESSAGES, type PasskeyLoginBody } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject, requestIpSubject } from '../../common/rate-limit/subjects';
import { AccountsService } from '../users/accounts.service';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { ModerationService } from '../moderation/moderation.service';
import type { SessionUser } from '../users/public';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { PasskeysService } from '../passkeys/passkeys.service';
import { DeviceCookies } from '../../common/auth/device-cookie';

@Injectable()
export class AuthService {
  private readonly devices: DeviceCookies;

  constructor(
    private readonly users: AccountsService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly limits: RateLimitsService,
    private readonly moderation: ModerationService,
    private readonly twoFactor: TwoFactorService,
    private readonly passkeys: PasskeysService,
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
   * suspended account's answers 403 with the suspension's end. With two-factor on, the right
   * password answers the second step to take (and no session): `loginSecondStep` finishes it.
   */
  async login(req: Request, res: Response, identifier: string, password: string): Promise<LoginResult> {
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
    await this.assertNotSuspended(found.id);
    await this.limits.consume('loginOk', account);
    const challenge = await this.twoFactor.challenge(res, found.id);
    if (challenge) return challenge;
    return this.signIn(req, res, found);
  }

  /**
   * Sign-in's second step: the pending sign-in of this browser (its cookie, within 5 minutes of the
   * right password) and a code from the authenticator app or a recovery code (wrong ones limited
   * by RATE_LIMIT_2FA per account and client). Then the session, exactly as a one-step sign-in.
   */
  async loginSecondStep(req: Request, res: Response, body: LoginSecondStepBody): Promise<CurrentUser> {
    const pending = await this.twoFactor.pendingSignIn(req, res);
    await this.twoFactor.verifySignIn(pending.userId, requestIpSubject(req), body);
    await this.twoFactor.finishSignIn(res, pending);
    const user = await this.users.findById(pending.userId);
    if (!user) throw new UnauthorizedException(MESSAGES.twoFactor.stepExpired);
    await this.assertNotSuspended(user.id);
    return this.signIn(req, res, user);
  }

  /**
   * Signs in with a passkey (no username typed: the passkey names its account). Attempts count
   * against the client's address as password attempts do (RATE_LIMIT_LOGIN_IP), given back on success.
   * A passkey verifies its owner, so it is both factors: no second step follows.
   */
  async loginWithPasskey(req: Request, res: Response, body: PasskeyLoginBody): Promise<CurrentUser> {
    const address = requestIpSubject(req);
    await this.limits.consume('loginIp', address);
    const userId = await this.passkeys.verifySignIn(body);
    const user = await this.users.findSessionUser(userId);
    if (!user) throw new UnauthorizedException(PASSKEY_MESSAGES.unknown);
    await this.limits.refund('loginIp', address);
    await this.assertNotSuspended(user.id);
    await this.limits.consume('loginOk', accountSubject(user.id));
    return this.signIn(req, res, user);
  }

  /** A suspended member learns until when, and gets no session. */
  private async assertNotSuspended(userId: number): Promise<void> {
    const suspendedUntil = await this.moderation.suspendedUntil(userId);
    if (suspendedUntil) throw new ForbiddenException(MODERATION_MESSAGES.suspended(suspendedUntil));
  }

  /** The end of every sign-in: a fresh session id and device cookie. */
  private async signIn(req: Request, res: Response, user: SessionUser): Promise<CurrentUser> {
    // A browser that carries this account's device cookie is one it signed in on before (no "new sign-in" notice).
    await this.sessions.establish(req, user.id, { knownDevice: this.devices.read(req, user.id) !== null });
    // A fresh device cookie on every sign-in (a new id: the old one's count does not follow it).
    res.cookie(this.devices.name, ...this.devices.issue(user.id));
    return this.users.toCurrentUser(user);
  }

  logout(req: Request): Promise<void> {
    return this.sessions.end(req);
  }
}
