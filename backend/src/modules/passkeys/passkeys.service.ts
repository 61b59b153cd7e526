import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_MESSAGES, PASSKEY_RULES, type AddPasskeyBody, type PasskeyItem, type PasskeyLoginBody } from '@cloud9/contracts';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import type { SessionUser } from '../users/public';
import { PasskeysRepository, type PasskeyRow } from './passkeys.repository';

const RP_NAME = 'Cloud 9 Social';
/** What a passkey must show: the authenticator checked its owner (fingerprint, face, PIN), so it is two factors in one. */
const USER_VERIFICATION = 'required';

const toItem = (row: PasskeyRow): PasskeyItem => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  synced: row.synced,
});

/** The challenge a ceremony's answer signed, as its client data names it; null when that is not readable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): adding one to the signed-in account and signing in with
 * one. The relying party is PUBLIC_URL's host, and answers must come from PUBLIC_URL's origin. Every
 * ceremony's challenge is kept in Redis for PASSKEY_RULES.challengeSeconds and taken once, whatever the
 * outcome: an adding one under its account (one at a time), a sign-in one under its own value (the
 * browser names no account). Passkeys are discoverable and verify their owner, so signing in with one
 * needs no username, no password and no second step.
 */
@Injectable()
export class PasskeysService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly passkeys: PasskeysRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(SETTINGS) settings: Settings,
  ) {
    const url = new URL(settings.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  /** How many passkeys an account keeps (two-factor offers a passkey as its second step when there is one). */
  count(userId: number): Promise<number> {
    return this.passkeys.count(userId);
  }

  async list(user: SessionUser): Promise<PasskeyItem[]> {
    return (await this.passkeys.list(user.id)).map(toItem);
  }

  /** The creation options for the browser; the account's passkeys are excluded (an authenticator holds one per account). */
  async registrationOptions(user: SessionUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.passkeys.list(user.id);
    if (existing.length >= PASSKEY_RULES.perAccountMax) throw new ConflictException(PASSKEY_MESSAGES.tooMany);
    // One WebAuthn user id per account, random: an authenticator replaces its passkey for the same one.
    const handle = existing[0]?.user_handle ?? randomBytes(32).toString('base64url');
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpId,
      userName: user.username,
      userDisplayName: user.name || user.username,
      userID: Buffer.from(handle, 'base64url'),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: USER_VERIFICATION },
      timeout: PASSKEY_RULES.challengeSeconds * 1000,
    });
    await this.redis.set(this.keys.passkeyRegistration(user.id), JSON.stringify({ challenge: options.challenge, handle }), 'EX', PASSKEY_RULES.challengeSeconds);
    return options;
  }

  /** Adds the passkey the browser made from the latest creation options (taken once). */
  async add(user: SessionUser, { response, name }: AddPasskeyBody): Promise<PasskeyItem> {
    const pending = await this.redis.getdel(this.keys.passkeyRegistration(user.id));
    if (!pending) throw new BadRequestException(PASSKEY_MESSAGES.failed);
    const { challenge, handle } = JSON.parse(pending) as { challenge: string; handle: string };
    const verified = await verifyRegistrationResponse({
      response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} } as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verified?.verified) throw new BadRequestException(PASSKEY_MESSAGES.failed);
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    let row: PasskeyRow | null;
    try {
      row = await this.passkeys.add(
        {
          user_id: user.id,
          credential_id: credential.id,
          public_key: Buffer.from(credential.publicKey),
          sign_count: credential.counter,
          transports: credential.transports ?? [],
          user_handle: handle,
          name,
          synced: credentialDeviceType === 'multiDevice' && credentialBackedUp,
        },
        PASSKEY_RULES.perAccountMax,
      );
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw new ConflictException(PASSKEY_MESSAGES.alreadyAdded);
      throw error;
    }
    if (!row) throw new ConflictException(PASSKEY_MESSAGES.tooMany);
    return toItem(row);
  }

  async remove(user: SessionUser, id: number): Promise<void> {
    if (!(await this.passkeys.remove(user.id, id))) throw new NotFoundException(PASSKEY_MESSAGES.notFound);
  }

  /** The request options for a sign-in: no account named, any of this site's passkeys may answer. */
  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rpId, userVerification: USER_VERIFICATION, timeout: PASSKEY_RULES.challengeSeconds * 1000 });
    await this.redis.set(this.keys.passkeySignIn(options.challenge), '1', 'EX', PASSKEY_RULES.challengeSeconds);
    return options;
  }

  /**
   * The account a sign-in answer proves, or 401: its challenge must be one this server gave and no
   * answer used yet, its passkey registered, its signature good for that passkey's key, its owner
   * verified, and its signature counter past the last one seen (a cloned authenticator's is not).
   */
  async verifySignIn({ response }: PasskeyLoginBody): Promise<number> {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.redis.getdel(this.keys.passkeySignIn(challenge)))) throw new UnauthorizedException(PASSKEY_MESSAGES.failed);
    const passkey = await this.passkeys.findByCredential(response.id);
    if (!passkey) throw new UnauthorizedException(PASSKEY_MESSAGES.unknown);
    if (response.response.userHandle !== undefined && response.response.userHandle !== passkey.user_handle) throw new UnauthorizedException(PASSKEY_MESSAGES.failed);
    const result = await verifyAuthenticationResponse({
      response: { ...response, clientExtensionResults: response.clientExtensionResults ?? {} } as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(passkey.public_key), counter: passkey.sign_count, transports: passkey.transports as AuthenticatorTransport[] },
      requireUserVerification: true,
    }).catch(() => null);
    if (!result?.verified) throw new UnauthorizedException(PASSKEY_MESSAGES.failed);
    if (!(await this.passkeys.markUsed(passkey.id, passkey.sign_count, result.authenticationInfo.newCounter))) throw new UnauthorizedException(PASSKEY_MESSAGES.failed);
    return passkey.user_id;
  }
}
