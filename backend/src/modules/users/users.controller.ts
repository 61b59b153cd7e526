import { Controller, HttpException, Inject, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import type { Request, Response } from 'express';
import { DeviceCookies } from '../../common/auth/device-cookie';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { ROUTES, isAdmin, type CurrentUser, type DeleteAccountBody, type ProfileFields, type RegisterBody, type ThemeBody, type UserProfile, type UserSuggestion, type UsernameSuggestQuery } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { requestIpSubject } from '../../common/rate-limit/subjects';
import { UploadsRateLimit } from '../../common/rate-limit/uploads-rate-limit.interceptor';
import { AuditService } from '../audit/audit.service';
import { auditResult } from '../audit/audit.interceptor';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import { BlockRule } from '../safety/block-rule.guard';
import { ProfileOwnerGuard } from './profile-owner.guard';
import type { SessionUser } from './session-user';
import { AccountsService } from './accounts.service';
import { ProfilesService } from './profiles.service';
import { UsernameSuggestionsService } from './username-suggestions.service';

const PROFILE_IMAGES = [{ name: 'thumbnail' }, { name: 'background' }];

@Controller()
export class UsersController {
  private readonly devices: DeviceCookies;

  constructor(
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
    private readonly audit: AuditService,
    private readonly suggestions: UsernameSuggestionsService,
    @Inject(SETTINGS) settings: Settings,
  ) {
    this.devices = new DeviceCookies(settings);
  }

  /** The browser that made the account is a device it has used: its first sign-in there is no "new sign-in". */
  @Endpoint(ROUTES.users.register)
  @RateLimit('register', { per: 'address' })
  async register(@BodyOf() dto: RegisterBody, @Res({ passthrough: true }) res: Response): Promise<{ success: true; user: CurrentUser }> {
    const user = await this.accounts.register(dto);
    res.cookie(this.devices.name, ...this.devices.issue(user.id));
    return { success: true, user };
  }

  @Endpoint(ROUTES.users.suggest)
  @Auth()
  @RateLimit('search')
  async suggest(@QueryOf() q: UsernameSuggestQuery, @AuthUser() viewer: SessionUser): Promise<{ items: UserSuggestion[] }> {
    return { items: await this.suggestions.suggest(q.prefix, viewer.id) };
  }

  @Endpoint(ROUTES.users.profile)
  @BlockRule({ kind: 'username', from: 'params', key: 'username' })
  profile(@Params('username') username: string, @AuthUser() viewer?: SessionUser): Promise<UserProfile> {
    return this.profiles.getProfile(username, viewer);
  }

  @Endpoint(ROUTES.users.update)
  @Auth()
  @UseGuards(ProfileOwnerGuard)
  @UseInterceptors(PlanUpload(PROFILE_IMAGES), UploadsRateLimit)
  update(@AuthUser() user: SessionUser, @BodyOf() dto: ProfileFields, @Req() req: Request): Promise<CurrentUser> {
    const images = { thumbnail: uploadedFile(req, 'thumbnail'), background: uploadedFile(req, 'background') };
    return this.profiles.updateProfile(user, dto, images, req.sessionID);
  }

  /** The account's colour theme; GET /api/me answers it, so it follows the member to every browser. */
  @Endpoint(ROUTES.auth.setTheme)
  @Auth()
  setTheme(@AuthUser() user: SessionUser, @BodyOf() body: ThemeBody): Promise<ThemeBody> {
    return this.accounts.setTheme(user.id, body.theme);
  }

  /** Images only: any other field (a password included) is ignored here. */
  @Endpoint(ROUTES.users.updateImages)
  @Auth()
  @UseGuards(ProfileOwnerGuard)
  @UseInterceptors(PlanUpload(PROFILE_IMAGES), UploadsRateLimit)
  async updateImages(@AuthUser() user: SessionUser, @Req() req: Request): Promise<{ thumbnail: string | null; background: string | null }> {
    const images = { thumbnail: uploadedFile(req, 'thumbnail'), background: uploadedFile(req, 'background') };
    const updated = await this.profiles.updateProfile(user, {}, images, req.sessionID);
    return { thumbnail: updated.thumbnail, background: updated.background };
  }

  @Endpoint(ROUTES.users.delete)
  @Auth()
  async remove(@Params('id') id: number, @AuthUser() actor: SessionUser, @BodyOf() dto: DeleteAccountBody, @Req() req: Request): Promise<{ success: true }> {
    // An admin deleting someone else's account is an admin action (admin tools "delete a user"): audited.
    const audited = isAdmin(actor.group_id) && actor.id !== id;
    try {
      await this.accounts.deleteAccount(id, actor, { body: dto, client: requestIpSubject(req) });
    } catch (error) {
      if (audited) await this.audit.record(actor, 'admin.users.delete', `user:${id}`, auditResult(error instanceof HttpException ? error.getStatus() : 500));
      throw error;
    }
    if (audited) await this.audit.record(actor, 'admin.users.delete', `user:${id}`, 'ok');
    return { success: true };
  }
}

