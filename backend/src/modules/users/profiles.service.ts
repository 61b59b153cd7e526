import { ConflictException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { MESSAGES, isAdmin, type CurrentUser, type ProfileFields, type UserProfile } from '@cloud9/contracts';
import { PasswordService } from '../identity/password.service';
import { SessionsService } from '../identity/sessions.service';
import { MediaService, type StoredMedia } from '../media/media.service';
import { AccountMailService } from './account-mail.service';
import { AccountsService, isUniqueViolation } from './accounts.service';
import { parseBirthdate, parseWebsite } from './profile-fields';
import type { SessionUser } from './session-user';
import { UsersRepository, type UserChanges } from './users.repository';

export interface ProfileImages {
  thumbnail?: Express.Multer.File;
  background?: Express.Multer.File;
}

/** Profiles: what others see of an account, and the owner's edits of its fields and images. */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly users: UsersRepository,
    private readonly accounts: AccountsService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly media: MediaService,
    private readonly accountMail: AccountMailService,
  ) {}

  /** Public fields for everyone; email, phone and birthdate for the owner and admins only. */
  toProfile(u: SessionUser, viewer: SessionUser | undefined): UserProfile {
    const profile: UserProfile = {
      id: u.id, username: u.username, name: u.name, bio: u.bio, thumbnail: u.thumbnail, background: u.background,
      location: u.location, website: u.website, group_id: u.group_id, createdAt: u.created_at.toISOString(),
      followersCount: u.followers_count, followingCount: u.following_count,
    };
    if (viewer && (viewer.id === u.id || isAdmin(viewer.group_id))) {
      Object.assign(profile, { email: u.email, phone: u.phone, birthdate: u.birthdate });
    }
    return profile;
  }

  async getProfile(username: string, viewer: SessionUser | undefined): Promise<UserProfile> {
    const user = await this.users.findProfile(username, viewer?.id ?? null);
    if (!user) throw new NotFoundException(MESSAGES.profile.userNotFound);
    const profile = this.toProfile(user, viewer);
    const [media, hides] = await Promise.all([
      this.media.infoByUrls([user.thumbnail, user.background]),
      viewer && viewer.id !== user.id ? this.users.viewerHides(viewer.id, user.id) : undefined,
    ]);
    const thumbnailMedia = user.thumbnail ? media.get(user.thumbnail) : undefined;
    const backgroundMedia = user.background ? media.get(user.background) : undefined;
    return { ...profile, ...(thumbnailMedia && { thumbnailMedia }), ...(backgroundMedia && { backgroundMedia }), ...(hides && { viewer: hides }) };
  }

  /**
   * The owner edits their own profile fields, password, e-mail address and images. A new password
   * needs the current one and ends every other session of the account (`sessionId` is the one kept).
   * A new address needs the current password too, and waits beside the account until the link
   * mailed to it is followed (AccountMailService).
   */
  async updateProfile(user: SessionUser, dto: ProfileFields, images: ProfileImages, sessionId: string): Promise<CurrentUser> {
    const changingPassword = Boolean(dto.password || dto.confirmPassword);
    if (changingPassword) await this.accounts.assertPasswordChange(user, dto);
    const emailChange = dto.email ? await this.accountMail.assertEmailChange(user, dto.email, dto.currentPassword, changingPassword) : 'none';
    const changes: UserChanges = {};
    const clearable = ['name', 'bio', 'phone', 'location'] as const;
    for (const field of clearable) if (dto[field] !== undefined) changes[field] = dto[field] || null;
    if (dto.birthdate !== undefined) changes.birthdate = parseBirthdate(dto.birthdate);
    if (dto.website !== undefined) changes.website = parseWebsite(dto.website);
    if (dto.password) changes.password_hash = await this.passwords.hash(dto.password);

    const replaced: (string | null)[] = [];
    const accepted: StoredMedia[] = [];
    try {
      for (const field of ['thumbnail', 'background'] as const) {
        const file = images[field];
        if (!file) continue;
        const stored = await this.media.accept(file, user.id, ['image'], field === 'thumbnail' ? 'avatar' : 'banner');
        accepted.push(stored);
        changes[field] = stored.url;
        replaced.push(user[field]);
      }
    } catch (error) {
      // One image refused: the one already accepted must not stay behind as an orphan.
      await this.media.release(accepted);
      throw error;
    }
    try {
      if (Object.keys(changes).length) await this.users.update(user.id, changes);
      await this.accounts.accountsChanged([user.id]);
    } catch (error) {
      await this.media.release(accepted);
      if (isUniqueViolation(error, 'users_email_key')) throw new ConflictException(MESSAGES.auth.emailTaken);
      throw error;
    }
    if (emailChange !== 'none') await this.accountMail.changeEmail(user, emailChange === 'change' ? dto.email! : null);
    await this.media.removeProfileImages(user.id, replaced);
    if (changingPassword) await this.sessions.endOthersForUser(user.id, sessionId);
    const updated = await this.users.findById(user.id);
    // The account was deleted while this request was in flight.
    if (!updated) throw new UnauthorizedException(MESSAGES.auth.notSignedIn);
    return this.accounts.toCurrentUser(updated);
  }
}
