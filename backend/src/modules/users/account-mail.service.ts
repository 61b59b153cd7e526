import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { ACCOUNT_MAIL_PATHS, ACCOUNT_TOKEN_LIFETIME_SECONDS, MESSAGES, type AccountMailResult } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { DomainEvents } from '../../common/events/domain-events';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject, requestIpSubject } from '../../common/rate-limit/subjects';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { MailService } from '../mail/mail.service';
import { AccountTokensRepository, type DeadToken, type TokenPurpose } from './account-tokens.repository';
import type { SessionUser } from './session-user';
import { UsersRepository } from './users.repository';

/** 256 random bits, as 43 characters of base64url: what a link carries. Only its SHA-256 is stored. */
const newToken = (): { token: string; hash: Buffer } => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOf(token) };
};
const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest();

const takenAddress = (error: unknown) => pgErrorCode(error) === PG_ERROR.uniqueViolation && (error as { constraint?: string }).constraint === 'users_email_key';

const sameAddress = (a: string | null | undefined, b: string | null | undefined): boolean => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Each dead token's catalogue message, per purpose. */
const DEAD: Record<TokenPurpose, Record<DeadToken, string>> = {
  'verify-email': { invalid: MESSAGES.accountMail.verifyLinkInvalid, used: MESSAGES.accountMail.verifyLinkUsed, expired: MESSAGES.accountMail.verifyLinkExpired },
  'reset-password': { invalid: MESSAGES.accountMail.resetLinkInvalid, used: MESSAGES.accountMail.resetLinkUsed, expired: MESSAGES.accountMail.resetLinkExpired },
};

/**
 * The account's mail (issue 30, decision 0092): verifying the address (at sign-up, on an e-mail
 * change, again on request) and resetting a forgotten password. Links carry a token of 256 random
 * bits, stored as its SHA-256, spent once within its time. Mails go through the mail queue.
 */
@Injectable()
export class AccountMailService {
  private readonly logger = new Logger('AccountMail');
  /** The reset requests' work after their answer, one after another (so a newer link is always the newer row). */
  private resetWork: Promise<void> = Promise.resolve();

  constructor(
    private readonly tokens: AccountTokensRepository,
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
    private readonly limits: RateLimitsService,
    private readonly events: DomainEvents,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** A new verification link for `email` (the account's address, or the one an e-mail change asks for), mailed there. */
  private async sendVerification(user: Pick<SessionUser, 'id' | 'username'>, email: string, change: boolean): Promise<number> {
    const { token, hash } = newToken();
    const id = await this.tokens.issue({ userId: user.id, purpose: 'verify-email', hash, email, lifetimeSeconds: ACCOUNT_TOKEN_LIFETIME_SECONDS.verifyEmail, voidOthers: false });
    await this.mail.send(`verify-email-${id}`, { template: 'verify-email', to: email, username: user.username, link: this.mail.link(ACCOUNT_MAIL_PATHS.verifyEmail, token), change });
    return id;
  }

  /** Sign-up: the link to the new address. A failure to queue it is logged, not the sign-up's (the member can ask again). */
  async afterSignUp(user: Pick<SessionUser, 'id' | 'username' | 'email'>): Promise<void> {
    try {
      await this.sendVerification(user, user.email, false);
    } catch (error) {
      this.logger.warn(`verification mail of account ${user.id} not queued: ${(error as Error).message}`);
    }
  }

  /** POST /api/me/email/resend: a new link to the address waiting for one (3 an hour per account). */
  async resend(user: SessionUser): Promise<AccountMailResult> {
    if (user.email_verified && !user.pending_email) throw new ConflictException(MESSAGES.accountMail.alreadyVerified);
    await this.limits.consume('emailResend', accountSubject(user.id));
    await this.sendVerification(user, user.pending_email ?? user.email, user.pending_email !== null);
    return { success: true, message: MESSAGES.accountMail.verificationSent };
  }

  /**
   * An e-mail change (PUT /api/users/:username with `email`): the current password is required (403
   * as for a new password; attempts count against RATE_LIMIT_PASSWORD unless the password change
   * already counted this request). The address is kept pending beside the account until its link is
   * followed; the old address is told. Asking for the current address again cancels a pending change.
   */
  async assertEmailChange(user: SessionUser, email: string, currentPassword: string | undefined, alreadyChecked: boolean): Promise<'none' | 'cancel' | 'change'> {
    if (sameAddress(email, user.email)) return user.pending_email ? 'cancel' : 'none';
    if (!alreadyChecked) {
      await this.limits.consume('password', accountSubject(user.id));
      if (!currentPassword) throw new ForbiddenException(MESSAGES.accountMail.currentPasswordForEmail);
      if (!(await this.passwords.verify(await this.users.passwordHash(user.id), currentPassword))) throw new ForbiddenException(MESSAGES.auth.currentPasswordWrong);
    }
    if (await this.users.emailInUse(email, user.id)) throw new ConflictException(MESSAGES.auth.emailTaken);
    return 'change';
  }

  /** Records the pending address (or clears it) and mails the link to it and the notice to the old one. */
  async changeEmail(user: SessionUser, email: string | null): Promise<void> {
    await this.tokens.setPendingEmail(user.id, email);
    await this.events.emit('account.changed', { userIds: [user.id] });
    if (email === null) return;
    const id = await this.sendVerification(user, email, true);
    await this.mail.send(`email-change-notice-${id}`, { template: 'email-change-notice', to: user.email, username: user.username, newEmail: email });
  }

  /** POST /api/email/verify: the link's address becomes the account's verified one. */
  async verify(token: string): Promise<AccountMailResult> {
    const outcome = await this.tokens.spend('verify-email', hashOf(token), async (trx, live) => {
      const account = await this.tokens.lockAccount(trx, live.userId);
      if (!account) return 'invalid' as const;
      if (sameAddress(live.email, account.pending_email)) {
        try {
          await this.tokens.verify(trx, live.userId, account.pending_email!);
        } catch (error) {
          if (takenAddress(error)) throw new ConflictException(MESSAGES.accountMail.verifyAddressTaken);
          throw error;
        }
        return { userId: live.userId, message: MESSAGES.accountMail.emailChanged };
      }
      // A link to an address the account no longer has or waits for (changed since) verifies nothing.
      if (!sameAddress(live.email, account.email)) return 'invalid' as const;
      await this.tokens.verify(trx, live.userId);
      return { userId: live.userId, message: MESSAGES.accountMail.verified };
    });
    if (typeof outcome === 'string') throw new BadRequestException(DEAD['verify-email'][outcome]);
    await this.events.emit('account.changed', { userIds: [outcome.userId] });
    return { success: true, message: outcome.message };
  }

  /**
   * POST /api/password/forgot: the same work and the same answer whether or not the account exists:
   * the lookup and both limits (per client address, and per account: the account's id, or the
   * normalised name when there is none) before the answer; the link's row and its mail after it.
   */
  async forgot(req: Request, login: string): Promise<AccountMailResult> {
    await this.limits.consume('passwordForgotIp', requestIpSubject(req));
    const found = await this.users.findWithPasswordHash(login.includes('@') ? 'email' : 'username', login);
    await this.limits.consume('passwordForgot', found ? accountSubject(found.id) : `name:${login.toLowerCase()}`);
    if (found) {
      const account = { id: found.id, username: found.username, email: found.email };
      this.resetWork = this.resetWork.then(() => this.sendReset(account)).catch((error: Error) => this.logger.warn(`reset mail of account ${account.id} not queued: ${error.message}`));
    }
    return { success: true, message: MESSAGES.accountMail.resetSent };
  }

  /** Waits for the reset links being made (a test, or shutdown). */
  settled(): Promise<void> {
    return this.resetWork;
  }

  private async sendReset(account: { id: number; username: string; email: string }): Promise<void> {
    const { token, hash } = newToken();
    const id = await this.tokens.issue({ userId: account.id, purpose: 'reset-password', hash, email: account.email, lifetimeSeconds: ACCOUNT_TOKEN_LIFETIME_SECONDS.resetPassword, voidOthers: true });
    await this.mail.send(`reset-password-${id}`, { template: 'reset-password', to: account.email, username: account.username, link: this.mail.link(ACCOUNT_MAIL_PATHS.resetPassword, token) });
  }

  /**
   * POST /api/password/reset: the new password (sign-up's rules, checked by the route's schema);
   * every session and socket of the account ends, a mail says so, and the address the link was
   * mailed to is verified (when it is still the account's).
   */
  async reset(token: string, password: string): Promise<AccountMailResult> {
    const outcome = await this.tokens.spend('reset-password', hashOf(token), async (trx, live) => {
      const account = await this.tokens.lockAccount(trx, live.userId);
      if (!account) return 'invalid' as const;
      await this.tokens.setPassword(trx, live.userId, await this.passwords.hash(password), sameAddress(live.email, account.email));
      return { userId: live.userId, tokenId: live.id };
    });
    if (typeof outcome === 'string') throw new BadRequestException(DEAD['reset-password'][outcome]);
    await this.events.emit('account.changed', { userIds: [outcome.userId] });
    await this.sessions.endAllForUser(outcome.userId);
    const user = await this.users.findById(outcome.userId);
    if (user) {
      await this.mail
        .send(`password-changed-${outcome.tokenId}`, { template: 'password-changed', to: user.email, username: user.username })
        .catch((error: Error) => this.logger.warn(`password-changed mail of account ${user.id} not queued: ${error.message}`));
    }
    return { success: true, message: MESSAGES.accountMail.passwordReset };
  }
}
