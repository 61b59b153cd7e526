import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import {
  ADMIN_GROUP_ID, canDeleteAccount, DEFAULT_GROUP_ID, isAdmin, MESSAGES,
  type CurrentUser, type UserProfile,
} from '@cloud9/contracts';
import { RateLimitsService } from '../../common/rate-limit/rate-limits.service';
import { accountSubject } from '../../common/rate-limit/subjects';
import { SqlService } from '../../common/db/sql.service';
import type { SessionUserSource } from '../../common/auth/session-user-source';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { MediaService } from '../media/media.service';
import { parseBirthdate, parseWebsite } from './profile-fields';
import { UserEntity } from './user.entity';
import { RegisterDto, UpdateProfileDto } from './users.dto';
import { GroupEntity } from '../plans/group.entity';
import { DELETE_USER_SQL, SESSION_USER_SQL, SessionUserRow } from './users.sql';
import { PG_ERROR, pgErrorCode } from '../../common/db/pg-errors';

const isUniqueViolation = (error: unknown, constraint: string) =>
  pgErrorCode(error) === PG_ERROR.uniqueViolation &&
  (error as { driverError: { constraint?: string } }).driverError.constraint === constraint;

export interface ProfileImages {
  thumbnail?: Express.Multer.File;
  background?: Express.Multer.File;
}

/** Accounts and profiles. The only place that turns a user row into a response. */
@Injectable()
export class UsersService implements SessionUserSource {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly media: MediaService,
    private readonly limits: RateLimitsService,
    private readonly sql: SqlService,
  ) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id }, relations: { group: true } });
  }

  /**
   * The same entity as findById (user + group), read by one prepared statement: this runs on
   * every signed-in request (SessionGuard).
   */
  async findSessionUser(id: number): Promise<UserEntity | null> {
    const [r] = await this.sql.query<SessionUserRow>(SESSION_USER_SQL, [id]);
    if (!r) return null;
    const user = Object.assign(new UserEntity(), {
      id: r.id, username: r.username, email: r.email, name: r.name, bio: r.bio, birthdate: r.birthdate, phone: r.phone,
      location: r.location, website: r.website, thumbnail: r.thumbnail, background: r.background, groupId: r.group_id,
      followersCount: r.followers_count, followingCount: r.following_count, createdAt: r.created_at, updatedAt: r.updated_at,
    });
    if (r.g_name !== null) {
      user.group = Object.assign(new GroupEntity(), {
        id: r.group_id, name: r.g_name, description: r.g_description, subscriptionFee: Number(r.g_subscription_fee),
        postLimit: r.g_post_limit, mediaLimit: r.g_media_limit_kb, editTimeout: r.g_edit_timeout_minutes,
        monthlyBoosts: r.g_monthly_boosts, priorityBoost: r.g_priority_boost, isAvailable: r.g_is_available,
      });
    }
    return user;
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { username }, relations: { group: true } });
  }

  /** By username or email (both case-insensitive), with the password hash for sign-in. */
  findWithPasswordHash(identifier: string): Promise<UserEntity | null> {
    const column = identifier.includes('@') ? 'email' : 'username';
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .leftJoinAndSelect('u.group', 'g')
      .where(`u.${column} = :identifier`, { identifier })
      .getOne();
  }

  toCurrentUser(u: UserEntity): CurrentUser {
    return {
      id: u.id, username: u.username, email: u.email, name: u.name, bio: u.bio, birthdate: u.birthdate,
      phone: u.phone, location: u.location, website: u.website, thumbnail: u.thumbnail, background: u.background,
      group_id: u.groupId, createdAt: u.createdAt.toISOString(),
    };
  }

  /** Public fields for everyone; email, phone and birthdate for the owner and admins only. */
  toProfile(u: UserEntity, viewer: UserEntity | undefined): UserProfile {
    const profile: UserProfile = {
      id: u.id, username: u.username, name: u.name, bio: u.bio, thumbnail: u.thumbnail, background: u.background,
      location: u.location, website: u.website, group_id: u.groupId, createdAt: u.createdAt.toISOString(),
      followersCount: u.followersCount, followingCount: u.followingCount,
    };
    if (viewer && (viewer.id === u.id || isAdmin(viewer.groupId))) {
      Object.assign(profile, { email: u.email, phone: u.phone, birthdate: u.birthdate });
    }
    return profile;
  }

  async getProfile(username: string, viewer: UserEntity | undefined): Promise<UserProfile> {
    const user = await this.findByUsername(username);
    if (!user) throw new NotFoundException(MESSAGES.profile.userNotFound);
    return this.toProfile(user, viewer);
  }

  /** Registration (spec §5); new users are Basic. Attempts are limited per address by the route (RATE_LIMIT_REGISTER). */
  async register(dto: RegisterDto): Promise<CurrentUser> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.password) {
      throw new BadRequestException(MESSAGES.auth.passwordsDoNotMatch);
    }
    const user = await this.create({ username: dto.username, email: dto.email, password: dto.password, groupId: DEFAULT_GROUP_ID });
    return this.toCurrentUser(user);
  }

  /** Inserts a user; a taken username or email (ignoring case) is a 409. */
  async create(input: { username: string; email: string; password: string; groupId: number }): Promise<UserEntity> {
    const clash = await this.users
      .createQueryBuilder('u')
      .where('u.username = :username OR u.email = :email', input)
      .getOne();
    if (clash) {
      throw new ConflictException(clash.username.toLowerCase() === input.username.toLowerCase() ? MESSAGES.auth.usernameTaken : MESSAGES.auth.emailTaken);
    }
    const passwordHash = await this.passwords.hash(input.password);
    try {
      const saved = await this.users.save(
        this.users.create({ username: input.username, email: input.email, passwordHash, groupId: input.groupId, followersCount: 0, followingCount: 0 }),
      );
      return (await this.findById(saved.id))!;
    } catch (error) {
      // Two sign-ups for the same name at once: the unique index decides.
      if (isUniqueViolation(error, 'users_username_key')) throw new ConflictException(MESSAGES.auth.usernameTaken);
      if (isUniqueViolation(error, 'users_email_key')) throw new ConflictException(MESSAGES.auth.emailTaken);
      throw error;
    }
  }

  /**
   * The owner edits their own profile fields, password and images. A new password needs the
   * current one and ends every other session of the account (`sessionId` is the one kept).
   */
  async updateProfile(user: UserEntity, dto: UpdateProfileDto, images: ProfileImages, sessionId: string): Promise<CurrentUser> {
    const changingPassword = Boolean(dto.password || dto.confirmPassword);
    if (changingPassword) await this.assertPasswordChange(user, dto);
    const changes: Partial<UserEntity> = {};
    const clearable = ['name', 'bio', 'phone', 'location'] as const;
    for (const field of clearable) if (dto[field] !== undefined) changes[field] = dto[field] || null;
    if (dto.birthdate !== undefined) changes.birthdate = parseBirthdate(dto.birthdate);
    if (dto.website !== undefined) changes.website = parseWebsite(dto.website);
    if (dto.email) changes.email = dto.email;
    if (dto.password) changes.passwordHash = await this.passwords.hash(dto.password);

    const replaced: (string | null)[] = [];
    try {
      for (const field of ['thumbnail', 'background'] as const) {
        const file = images[field];
        if (!file) continue;
        const stored = await this.media.accept(file, user.id, ['image']);
        changes[field] = stored.url;
        replaced.push(user[field]);
      }
    } catch (error) {
      // One image refused: the one already accepted must not stay behind as an orphan.
      await this.media.removeByUrls([changes.thumbnail, changes.background]);
      throw error;
    }
    try {
      if (Object.keys(changes).length) await this.users.update({ id: user.id }, changes);
    } catch (error) {
      await this.media.removeByUrls([changes.thumbnail, changes.background]);
      if (isUniqueViolation(error, 'users_email_key')) throw new ConflictException(MESSAGES.auth.emailTaken);
      throw error;
    }
    await this.media.removeByUrls(replaced);
    if (changingPassword) await this.sessions.endOthersForUser(user.id, sessionId);
    return this.toCurrentUser((await this.findById(user.id))!);
  }

  /**
   * Every attempt counts against RATE_LIMIT_PASSWORD (a stolen session must not become a way to
   * guess the password); then the confirmation must match and the current password be right.
   */
  private async assertPasswordChange(user: UserEntity, dto: UpdateProfileDto): Promise<void> {
    await this.limits.consume('password', accountSubject(user.id));
    if (dto.password !== dto.confirmPassword) throw new BadRequestException(MESSAGES.auth.passwordsDoNotMatch);
    // Missing or wrong, the request does not prove the account holder is at the keyboard: 403 either way.
    if (!dto.currentPassword) throw new ForbiddenException(MESSAGES.auth.currentPasswordRequired);
    const stored = await this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id: user.id }).getOne();
    if (!(await this.passwords.verify(stored?.passwordHash ?? null, dto.currentPassword))) {
      throw new ForbiddenException(MESSAGES.auth.currentPasswordWrong);
    }
  }

  /**
   * Deletes an account (self or admin) with its posts, likes, reposts, follows, alerts and files,
   * keeping everyone else's counters exact, then ends all its sessions.
   */
  async deleteAccount(targetId: number, actor: UserEntity): Promise<void> {
    const target = await this.users.findOneBy({ id: targetId });
    if (!target) throw new NotFoundException(MESSAGES.profile.userNotFound);
    if (!canDeleteAccount({ id: actor.id, group_id: actor.groupId }, targetId)) {
      throw new ForbiddenException(MESSAGES.profile.notAllowedToDelete);
    }
    const storageKeys = await this.dataSource.transaction(async (manager) => {
      const files: { storage_key: string }[] = await manager.query(DELETE_USER_SQL.ownedFiles, [targetId]);
      for (const statement of DELETE_USER_SQL.fixCounters) await manager.query(statement, [targetId]);
      await manager.query(DELETE_USER_SQL.deleteUser, [targetId]);
      return files.map((f) => f.storage_key);
    });
    await this.media.removeFiles(storageKeys);
    await this.sessions.endAllForUser(targetId);
  }

  /** An admin sets a user's password (admin reset): the new hash is stored and every session of that user ends. */
  async resetPassword(username: string, password: string): Promise<UserEntity | null> {
    const user = await this.findByUsername(username);
    if (!user) return null;
    await this.users.update({ id: user.id }, { passwordHash: await this.passwords.hash(password) });
    await this.sessions.endAllForUser(user.id);
    return user;
  }

  /** Creates the admin, or makes an existing account admin with the given password (CLI and start-up). */
  async ensureAdmin(username: string, password: string, email: string | null, overwrite: boolean): Promise<{ user: UserEntity; created: boolean }> {
    const existing = await this.findByUsername(username);
    if (existing) {
      if (overwrite) {
        await this.users.update({ id: existing.id }, { groupId: ADMIN_GROUP_ID, passwordHash: await this.passwords.hash(password) });
      }
      return { user: (await this.findById(existing.id))!, created: false };
    }
    const user = await this.create({ username, email: email ?? `${username.toLowerCase()}@admin.cloud9.local`, password, groupId: ADMIN_GROUP_ID });
    return { user, created: true };
  }
}
