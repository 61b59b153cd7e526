import type { Request, Response } from 'express';
import { ConflictException, ForbiddenException, HttpException, Inject, Injectable, UnauthorizedException, type OnModuleInit } from '@nestjs/common';
import * as QRCode from 'qrcode';
import {
  MESSAGES, TOTP, type LoginSecondStepBody, type RecoveryCodes, type TotpSetup, type TwoFactorChallenge, type TwoFactorMethod, type TwoFactorStatus,
} from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject } from '../../common/rate-limit/subjects';
import { StaffSecondFactor } from '../../common/auth/staff-second-factor';
import { AccountsService } from '../users/accounts.service';
import { AccountDeletionChecks, type AccountDeletionRequest, type SessionUser } from '../users/public';
import { PasswordService } from '../identity/password.service';
import { PendingSignIns, type PendingSignIn } from './pending-sign-ins';
import { SecretBox } from './secret-box';
import { matchedStep, newRecoveryCode, newTotpSecret, otpauthUrl, recoveryCodeHash } from './totp-codes';
import { TwoFactorClock } from './two-factor-clock';
import { TwoFactorRepository } from './two-factor.repository';

const M = MESSAGES.twoFactor;

/** How a refusal is answered: 401 on sign-in's second step (nobody is signed in yet), 403 to a signed-in member. */
type Refuse = (message: string) => HttpException;
const signInRefusal: Refuse = (message) => new UnauthorizedException(message);
const memberRefusal: Refuse = (message) => new ForbiddenException(message);

/**
 * Two-factor sign-in with an authenticator app (RFC 6238: SHA-1, 6 digits, 30 s, one step either
 * side; decision 0093). The secret is made by `setup`, stored encrypted and inactive until a code
 * from the app confirms it (`enable`), which answers 10 recovery codes once (stored as HMACs). A
 * code is accepted once: each accepted code's step is kept, and only later steps pass. Every check
 * of a code (or of the password beside it) counts against RATE_LIMIT_2FA per account and client
 * before it is made, and a success gives its count back, so wrong guesses are what the limit sees.
 */import { PasskeysService } from '../passkeys/passkeys.service';

@Injectable()
export class TwoFactorService extends StaffSecondFactor implements OnModuleInit {
  private box: SecretBox | null = null;

  constructor(
    private readonly repo: TwoFactorRepository,
    private readonly clock: TwoFactorClock,
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordService,
    private readonly limits: RateLimitsService,
    private readonly deletionChecks: AccountDeletionChecks,
    private readonly pendingSignIns: PendingSignIns,
    private readonly passkeys: PasskeysService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    super();
  }

  onModuleInit(): void {
    this.deletionChecks.register((request) => this.confirmDeletion(request));
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    return { totp: await this.repo.isEnabled(userId) };
  }

  hasSecondFactor(userId: number): Promise<boolean> {
    return this.repo.isEnabled(userId);
  }

  /** The ways a member with two-factor on can finish signing in (a recovery code while any is left; a passkey when they have one). */
  async methods(userId: number): Promise<TwoFactorMethod[]> {
    const [recoveryCodes, passkeys] = await Promise.all([this.repo.unusedRecoveryCodes(userId), this.passkeys.count(userId)]);
    return ['totp', ...(recoveryCodes > 0 ? (['recovery'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
  }

  /** A new secret (replacing one not yet confirmed), answered once with its address and QR code. 409 while two-factor is on. */
  async setup(user: SessionUser): Promise<TotpSetup> {
    const secret = newTotpSecret();
    if (!(await this.repo.savePending(user.id, this.secrets().seal(secret)))) throw new ConflictException(M.alreadyOn);
    const url = otpauthUrl(secret, user.username);
    const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUrl: url, qrSvg };
  }

  /** Turns two-factor on with a code from the app for the secret of `setup`; answers the recovery codes once. */
  async enable(user: SessionUser, client: string, code: string): Promise<RecoveryCodes> {
    const credential = await this.repo.credential(user.id);
    if (!credential) throw new ConflictException(M.notSetUp);
    if (credential.enabled_at) throw new ConflictException(M.alreadyOn);
    await this.limited(user.id, client, () => this.takeCode(user.id, credential.secret_enc, code, 'enable', memberRefusal));
    return { recoveryCodes: await this.replaceRecoveryCodes(user.id) };
  }

  /** Turns two-factor off: the password and a current code. */
  async disable(user: SessionUser, client: string, password: string, code: string): Promise<void> {
    const credential = await this.enabledCredential(user.id);
    await this.limited(user.id, client, async () => {
      await this.checkPassword(user, password);
      await this.takeCode(user.id, credential.secret_enc, code, 'enabled', memberRefusal);
    });
    await this.repo.remove(user.id);
  }

  /** A new set of recovery codes (the password): the old ones stop working. */
  async newRecoveryCodes(user: SessionUser, client: string, password: string): Promise<RecoveryCodes> {
    await this.enabledCredential(user.id);
    await this.limited(user.id, client, () => this.checkPassword(user, password));
    return { recoveryCodes: await this.replaceRecoveryCodes(user.id) };
  }

  /**
   * After the right password: with two-factor on, the pending second step starts (its cookie on
   * `res`) and the challenge is the answer; null when the account has none.
   */
  async challenge(res: Response, userId: number): Promise<TwoFactorChallenge | null> {
    if (!(await this.repo.isEnabled(userId))) return null;
    await this.pendingSignIns.start(res, userId);
    return { twoFactorRequired: true, methods: await this.methods(userId) };
  }

  /** The request's pending sign-in (same browser, within 5 minutes); 401 stepExpired otherwise. */
  async pendingSignIn(req: Request, res: Response): Promise<PendingSignIn> {
    const pending = await this.pendingSignIns.find(req);
    if (!pending) {
      this.pendingSignIns.clear(res);
      throw signInRefusal(M.stepExpired);
    }
    return pending;
  }

  /** Ends the pending sign-in once its second step passed; 401 stepExpired when another request ended it first. */
  async finishSignIn(res: Response, pending: PendingSignIn): Promise<void> {
    if (!(await this.pendingSignIns.finish(res, pending))) throw signInRefusal(M.stepExpired);
  }

  /** Sign-in's second step for `userId`: a code from the app or a recovery code (spent). 401 with what was wrong. */
  async verifySignIn(userId: number, client: string, body: LoginSecondStepBody): Promise<void> {
    const credential = await this.repo.credential(userId);
    if (!credential?.enabled_at) throw signInRefusal(M.stepExpired);
    await this.limited(userId, client, async () => {
      if (body.code !== undefined) return this.takeCode(userId, credential.secret_enc, body.code, 'enabled', signInRefusal);
      const spent = await this.repo.spendRecoveryCode(userId, recoveryCodeHash(body.recoveryCode ?? '', this.secrets().codeKey));
      if (spent === 'used') throw signInRefusal(M.usedRecoveryCode);
      if (spent === 'unknown') throw signInRefusal(M.wrongRecoveryCode);
    });
  }

  /** Deleting one's own account with two-factor on takes a current code as well. */
  private async confirmDeletion({ actor, targetId, body, client }: AccountDeletionRequest): Promise<void> {
    if (actor.id !== targetId) return;
    const credential = await this.repo.credential(actor.id);
    if (!credential?.enabled_at) return;
    if (body.code === undefined) throw memberRefusal(M.codeForDeletion);
    const code = body.code;
    await this.limited(actor.id, client, () => this.takeCode(actor.id, credential.secret_enc, code, 'enabled', memberRefusal));
  }

  private async enabledCredential(userId: number) {
    const credential = await this.repo.credential(userId);
    if (!credential?.enabled_at) throw new ConflictException(M.notOn);
    return credential;
  }

  /** One attempt against RATE_LIMIT_2FA (account and client), given back when `check` passes. */
  private async limited(userId: number, client: string, check: () => Promise<void>): Promise<void> {
    const subject = `${accountSubject(userId)}|${client}`;
    await this.limits.consume('twoFactor', subject);
    await check();
    await this.limits.refund('twoFactor', subject);
  }

  private async takeCode(userId: number, secretEnc: string, code: string, mode: 'enable' | 'enabled', refuse: Refuse): Promise<void> {
    const step = matchedStep(this.secrets().open(secretEnc), code, this.clock.now());
    if (step === null) throw refuse(M.wrongCode);
    if (!(await this.repo.takeStep(userId, step, mode))) throw refuse(M.usedCode);
  }

  private async checkPassword(user: SessionUser, password: string): Promise<void> {
    const found = await this.accounts.findWithPasswordHash(user.username);
    if (!found || found.id !== user.id || !(await this.passwords.verify(found.password_hash, password))) {
      throw memberRefusal(MESSAGES.auth.currentPasswordWrong);
    }
  }

  private async replaceRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: TOTP.recoveryCodes }, newRecoveryCode);
    await this.repo.replaceRecoveryCodes(userId, codes.map((code) => recoveryCodeHash(code, this.secrets().codeKey)));
    return codes;
  }

  /** Made on first use: the session secret may be filled in after the settings were read (sharedSessionSecret). */
  private secrets(): SecretBox {
    this.box ??= new SecretBox(this.settings.totpEncryptionKey ?? this.settings.sessionSecret);
    return this.box;
  }
}
