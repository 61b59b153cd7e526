import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { ADMIN_GROUP_ID, DEFAULT_GROUP_ID, MESSAGES, canDeleteAccount, type CurrentUser, type ProfileFields, type RegisterBody } from '@cloud9/contracts';
import { InvalidationBus } from '../../common/cache/invalidation-bus';
import type { Db } from '../../common/db/database';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject } from '../../common/rate-limit/subjects';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { MediaService } from '../media/media.service';
import { RealtimeService } from '../realtime/realtime.service';
import { AccountDeletionSteps } from './account-deletion-steps';
import type { SessionUser } from './session-user';
import { type FollowCounts, UsersRepository } from './users.repository';
import type { AdminUserRow } from './users.sql';

export type { AdminUserRow, FollowCounts };
import { SessionUserSource } from '../../common/auth/session-user-source';

/** An account whose group was written: what its open tabs are told once the change is committed. */
export interface GroupMove {
  userId: number;
  groupId: number;
}

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
    private readonly realtime: RealtimeService,
    private readonly deletionSteps: AccountDeletionSteps,
    private readonly caches: InvalidationBus,
  ) {}

  /**
   * The only way an account changes group: moves `ids` to `groupId` inside the caller's
   * transaction (only those now in one of `onlyFrom`, when given). Returns the moves, for
   * announceGroupMoves once the transaction has committed.
   */
  async moveToGroup(trx: Db, ids: readonly number[], groupId: number, onlyFrom?: readonly number[]): Promise<GroupMove[]> {
    const moved = await this.users.moveToGroup(trx, ids, groupId, onlyFrom);
    return moved.map((row) => ({ userId: row.id, groupId: row.group_id }));
  }

  /** Moves one account to `groupId` on its own (an admin's change); no move when there is no such account. */
  setGroup(id: number, groupId: number): Promise<GroupMove[]> {
    return this.users.transaction((trx) => this.moveToGroup(trx, [id], groupId));
  }

  /** Tells each moved account's open tabs its group now, so limits follow without a reload (after commit). */
  async announceGroupMoves(moves: readonly GroupMove[]): Promise<void> {
    if (moves.length) await this.accountsChanged(moves.map((move) => move.userId));
    for (const move of moves) this.realtime.toUser(move.userId, 'account:updated', { group_id: move.groupId });
  }

  /** After an account row's commit: every instance's caches drop what they hold of these accounts. */
  accountsChanged(userIds: number[]): Promise<void> {
    return this.caches.publish({ users: userIds });
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
      group_id: u.group_id, createdAt: u.created_at.toISOString(),
    };
  }

  /** Registration; new users are Basic. Attempts are limited per address by the route (RATE_LIMIT_REGISTER). */
  async register(dto: RegisterBody): Promise<CurrentUser> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.password) {
      throw new BadRequestException(MESSAGES.auth.passwordsDoNotMatch);
    }
    const user = await this.create({ username: dto.username, email: dto.email, password: dto.password, groupId: DEFAULT_GROUP_ID });
    return this.toCurrentUser(user);
  }

  /** Inserts a user; a taken username or email (ignoring case) is a 409. */
  async create(input: { username: string; email: string; password: string; groupId: number }): Promise<SessionUser> {
    const clash = await this.users.findClash(input.username, input.email);
    if (clash !== null) {
      throw new ConflictException(clash.toLowerCase() === input.username.toLowerCase() ? MESSAGES.auth.usernameTaken : MESSAGES.auth.emailTaken);
    }
    const passwordHash = await this.passwords.hash(input.password);
    try {
      const id = await this.users.insert({ username: input.username, email: input.email, password_hash: passwordHash, group_id: input.groupId });
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
   * keeping everyone else's counters exact, then ends all its sessions.
   */
  async deleteAccount(targetId: number, actor: SessionUser): Promise<void> {
    const target = await this.users.findById(targetId);
    if (!target) throw new NotFoundException(MESSAGES.profile.userNotFound);
    if (!canDeleteAccount(actor, targetId)) {
      throw new ForbiddenException(MESSAGES.profile.notAllowedToDelete);
    }
    const storageKeys = await this.users.transaction(async (trx) => {
      const files = await this.users.ownedFiles(trx, targetId);
      await this.deletionSteps.run(trx, targetId);
      await this.users.delete(trx, targetId);
      return files;
    });
    // Its likes and reposts left other accounts' posts too: every cached page may be wrong.
    await this.caches.publish({ all: true, users: [targetId] });
    await this.media.removeIfUnused(storageKeys); // the same bytes may be another account's too
    await this.sessions.endAllForUser(targetId);
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
      const user = await this.create({ username, email: email ?? `${username.toLowerCase()}@admin.cloud9.local`, password, groupId: ADMIN_GROUP_ID });
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
