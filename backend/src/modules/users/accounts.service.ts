import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ADMIN_GROUP_ID, DEFAULT_GROUP_ID, MESSAGES, canDeleteAccount, type CurrentUser, type ProfileFields, type RegisterBody, type Theme } from '@cloud9/contracts';
import type { Db } from '../../common/db/database';
import { DomainEvents } from '../../common/events/domain-events';
import type { GroupMove } from '../../common/events/event-map';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject } from '../../common/rate-limit/subjects';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { MediaService } from '../media/media.service';
import { AccountDeletionChecks, AccountDeletionSteps, type AccountDeletionRequest } from './account-deletion-steps';
import { AccountMailService } from './account-mail.service';
import type { SessionUser } from './session-user';
import { type FollowCounts, UsersRepository } from './users.repository';
import type { AdminUserRow } from './users.sql';

export type { AdminUserRow, FollowCounts };
import { SessionUserSource } from '../../common/auth/session-user-source';

export const isUniqueViolation = (error: unknown, constraint: string) =>
  pgErrorCode(error) === PG_ERROR.uniqueViolation && (error as { constraint?: string }).constraint === constraint;

/**
 * Account lifecycle: sign-up, credentials and passwords, the group, deletion, and the signed-in
 * user every request carries.
 */
@Injectable()
export class AccountsService implements SessionUserSource {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly media: MediaService,
    private readonly limits: RateLimitsService,
    private readonly deletionSteps: AccountDeletionSteps,
    private readonly deletionChecks: AccountDeletionChecks,
    private readonly events: DomainEvents,
    private readonly accountMail: AccountMailService,
  ) {}

  /**
   * The only way an account changes group: moves `ids` to `groupId` inside the caller's
   * transaction (only those now in one of `onlyFrom`, when given), and raises `account.moved` on it
   * (caches drop the accounts, their open tabs learn the group, after the commit). Returns the moves.
   */
  async moveToGroup(trx: Db, ids: readonly number[], groupId: number, onlyFrom?: readonly number[]): Promise<GroupMove[]> {
    const moved = await this.users.moveToGroup(trx, ids, groupId, onlyFrom);
    const moves = moved.map((row) => ({ userId: row.id, groupId: row.group_id }));
    if (moves.length) this.events.add(trx, 'account.moved', { moves });
    return moves;
  }

  /** Moves one account to `groupId` on its own (an admin's change); no move when there is no such account. */
  setGroup(id: number, groupId: number): Promise<GroupMove[]> {
    return this.users.transaction((trx) => this.moveToGroup(trx, [id], groupId));
  }

  /** After a write of accounts' rows outside a transaction (profile, password): every instance's caches drop them. */
  accountsChanged(userIds: number[]): Promise<void> {
    return this.events.emit('account.changed', { userIds });
  }

  /** The admin user list: up to `take` accounts with ids below `beforeId` (a decimal id), newest first, matching the LIKE `pattern`. */
  adminPage(beforeId: string | null, pattern: string | null, take: number): Promise<AdminUserRow[]> {
    return this.users.adminPage(beforeId, pattern, take);
  }

  /** Moves the follower's following_count and the followed's followers_count by `by`, in the follow's transaction; both rows after. */
  adjustFollowCounts(trx: Db, followerId: number, followedId: number, by: 1 | -1): Promise<FollowCounts[]> {
    return this.users.adjustFollowCounts(trx, followerId, followedId, by);
  }

  /** Both accounts' follow counters as `trx` sees them. */
  followCounts(trx: Db, followerId: number, followedId: number): Promise<FollowCounts[]> {
    return this.users.followCounts(trx, followerId, followedId);
  }

  /** Recounts every account's follow counters in `trx` (which holds the follows table still); how many were corrected, each way. */
  recountFollows(trx: Db): Promise<{ followers: number; following: number }> {
    return this.users.recountFollows(trx);
  }

  findById(id: number): Promise<SessionUser | null> {
    return this.users.findById(id);
  }

  /** The same user as findById, read by one prepared statement: this runs on every signed-in request (SessionGuard). */
  findSessionUser(id: number): Promise<SessionUser | null> {
    return this.users.findSessionUser(id);
  }

  findByUsername(username: string): Promise<SessionUser | null> {
    return this.users.findByUsername(username);
  }

  /** By username or email (both case-insensitive), with the password hash for sign-in. */
  findWithPasswordHash(identifier: string): Promise<(SessionUser & { password_hash: string }) | null> {
    return this.users.findWithPasswordHash(identifier.includes('@') ? 'email' : 'username', identifier);
  }

  toCurrentUser(u: SessionUser): CurrentUser {
    return {
      id: u.id, username: u.username, email: u.email, name: u.name, bio: u.bio, birthdate: u.birthdate,
      phone: u.phone, location: u.location, website: u.website, thumbnail: u.thumbnail, background: u.background,
      group_id: u.group_id, createdAt: u.created_at.toISOString(), emailVerified: u.email_verified, pendingEmail: u.pending_email,
    };
  }

  /** Keeps the account's colour theme; the session user's cached row is dropped on every instance. */
  async setTheme(userId: number, theme: Theme): Promise<{ theme: Theme }> {
    await this.users.update(userId, { theme });
    await this.accountsChanged([userId]);
    return { theme };
  }

  /** Registration; new users are Basic. Attempts are limited per address by the route (RATE_LIMIT_REGISTER). */
  async register(dto: RegisterBody): Promise<CurrentUser> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.password) {
      throw new BadRequestException(MESSAGES.auth.passwordsDoNotMatch);
    }
    const user = await this.create({ username: dto.username, email: dto.email, password: dto.password, groupId: DEFAULT_GROUP_ID });
    // The link that verifies the address, through the mail queue (its failure to queue is not the sign-up's).
    await this.accountMail.afterSignUp(user);
    return this.toCurrentUser(user);
  }

  /** Inserts a user; a taken username or email (ignoring case) is a 409. */
  async create(input: { username: string; email: string; password: string; groupId: number; emailVerified?: boolean }): Promise<SessionUser> {
    const clash = await this.users.findClash(input.username, input.email);
    if (clash !== null) {
      throw new ConflictException(clash.toLowerCase() === input.username.toLowerCase() ? MESSAGES.auth.usernameTaken : MESSAGES.auth.emailTaken);
    }
    const passwordHash = await this.passwords.hash(input.password);
    try {
      const id = await this.users.insert({ username: input.username, email: input.email, password_hash: passwordHash, group_id: input.groupId, email_verified: input.emailVerified ?? false });
      return (await this.findById(id))!;
    } catch (error) {
      // Two sign-ups for the same name at once: the unique index decides.
      if (isUniqueViolation(error, 'users_username_key')) throw new ConflictException(MESSAGES.auth.usernameTaken);
      if (isUniqueViolation(error, 'users_email_key')) throw new ConflictException(MESSAGES.auth.emailTaken);
      throw error;
    }
  }

  /**
   * Every attempt counts against RATE_LIMIT_PASSWORD (a stolen session must not become a way to
   * guess the password); then the confirmation must match and the current password be right.
   */
  async assertPasswordChange(user: SessionUser, dto: ProfileFields): Promise<void> {
    await this.limits.consume('password', accountSubject(user.id));
    if (dto.password !== dto.confirmPassword) throw new BadRequestException(MESSAGES.auth.passwordsDoNotMatch);
    // Missing or wrong, the request does not prove the account holder is at the keyboard: 403 either way.
    if (!dto.currentPassword) throw new ForbiddenException(MESSAGES.auth.currentPasswordRequired);
    if (!(await this.passwords.verify(await this.users.passwordHash(user.id), dto.currentPassword))) {
      throw new ForbiddenException(MESSAGES.auth.currentPasswordWrong);
    }
  }

  /**
   * Deletes an account (self or admin) with its posts, likes, reposts, follows, alerts and files,
   * keeping everyone else's counters exact, then ends all its sessions. Its owner must send the
   * password (403 when missing or wrong; the attempts count against RATE_LIMIT_PASSWORD, as a
   * password change's do); an admin deleting another account does not. An owner's deletion raises
   * `account.closed` (the confirmation mail).
   */
  /** `confirm`: the request's body and client: the owner's password, and the checks other modules registered (a second factor's code). */
  async deleteAccount(targetId: number, actor: SessionUser, confirm: Pick<AccountDeletionRequest, 'body' | 'client'>): Promise<void> {
    const target = await this.users.findById(targetId);
    if (!target) throw new NotFoundException(MESSAGES.profile.userNotFound);
    if (!canDeleteAccount(actor, targetId)) {
      throw new ForbiddenException(MESSAGES.profile.notAllowedToDelete);
    }
    const byOwner = actor.id === targetId;
    if (byOwner) await this.assertOwnerPassword(targetId, confirm.body.currentPassword);
    await this.deletionChecks.run({ actor, targetId, ...confirm });
    const storageKeys = await this.users.transaction(async (trx) => {
      const files = await this.users.ownedFiles(trx, targetId);
      await this.deletionSteps.run(trx, targetId);
      await this.users.delete(trx, targetId);
      this.events.add(trx, 'account.deleted', { userId: targetId });
      if (byOwner) this.events.add(trx, 'account.closed', { userId: targetId, username: target.username, email: target.email, name: target.name });
      return files;
    });
    await this.media.removeIfUnused(storageKeys); // the same bytes may be another account's too
    await this.sessions.endAllForUser(targetId);
  }

  /** The owner's password, before their account goes: missing or wrong is 403 (RATE_LIMIT_PASSWORD counts every attempt). */
  private async assertOwnerPassword(userId: number, currentPassword: string | undefined): Promise<void> {
    await this.limits.consume('password', accountSubject(userId));
    if (!currentPassword) throw new ForbiddenException(MESSAGES.accountData.deletePasswordRequired);
    if (!(await this.passwords.verify(await this.users.passwordHash(userId), currentPassword))) {
      throw new ForbiddenException(MESSAGES.auth.currentPasswordWrong);
    }
  }

  /** An admin sets a user's password (admin reset): the new hash is stored and every session of that user ends. */
  async resetPassword(username: string, password: string): Promise<SessionUser | null> {
    const user = await this.findByUsername(username);
    if (!user) return null;
    await this.users.update(user.id, { password_hash: await this.passwords.hash(password) });
    await this.accountsChanged([user.id]);
    await this.sessions.endAllForUser(user.id);
    return user;
  }

  /**
   * Creates the admin, or sets up the existing account of that name (start-up with ADMIN_USERNAME,
   * and `npm run cli -- create-admin`). `keep` (start-up) leaves an existing account as it is;
   * `update` (the CLI) gives an existing admin the new password but refuses any other account
   * (ExistingAccountNotAdmin): someone else may have registered the name first; `promote` (the CLI's
   * --promote-existing) makes such an account admin with the new password. Whenever an existing
   * account gets the new password, all its sessions end.
   */
  async ensureAdmin(username: string, password: string, email: string | null, mode: 'keep' | 'update' | 'promote'): Promise<{ user: SessionUser; outcome: 'created' | 'kept' | 'updated' | 'promoted' }> {
    const existing = await this.findByUsername(username);
    if (!existing) {
      // The operator set this account up: its address counts as verified (EMAIL_VERIFICATION=required holds nothing back).
      const user = await this.create({ username, email: email ?? `${username.toLowerCase()}@admin.cloud9.local`, password, groupId: ADMIN_GROUP_ID, emailVerified: true });
      return { user, outcome: 'created' };
    }
    if (mode === 'keep') return { user: existing, outcome: 'kept' };
    const wasAdmin = existing.group_id === ADMIN_GROUP_ID;
    if (!wasAdmin && mode !== 'promote') throw new ExistingAccountNotAdmin(existing);
    await this.users.makeAdmin(existing.id, await this.passwords.hash(password));
    await this.accountsChanged([existing.id]);
    await this.sessions.endAllForUser(existing.id);
    return { user: (await this.findById(existing.id))!, outcome: wasAdmin ? 'updated' : 'promoted' };
  }
}

/** create-admin named an existing account that is not an admin (and --promote-existing was not given). */
export class ExistingAccountNotAdmin extends Error {
  constructor(readonly user: SessionUser) {
    super(`"${user.username}" is an existing account that is not an admin`);
  }
}
