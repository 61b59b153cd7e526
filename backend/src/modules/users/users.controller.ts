import { Body, Controller, Delete, Get, HttpCode, HttpException, Param, Post, Put, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { isAdmin, type CurrentUser, type UserProfile, type UserSuggestion } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { UploadsRateLimit } from '../../common/rate-limit/uploads-rate-limit.interceptor';
import { IdParam, PathText } from '../../common/validation';
import { AuditService } from '../audit/audit.service';
import { auditResult } from '../audit/audit.interceptor';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import { BlockRule } from '../safety/block-rule.guard';
import { ProfileOwnerGuard } from './profile-owner.guard';
import type { SessionUser } from './session-user';
import { RegisterDto, UpdateProfileDto, UsernameSuggestQueryDto } from './users.dto';
import { AccountsService } from './accounts.service';
import { ProfilesService } from './profiles.service';
import { UsernameSuggestionsService } from './username-suggestions.service';

const PROFILE_IMAGES = [{ name: 'thumbnail' }, { name: 'background' }];

@Controller()
export class UsersController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly profiles: ProfilesService,
    private readonly audit: AuditService,
    private readonly suggestions: UsernameSuggestionsService,
  ) {}

  @Post('users')
  @RateLimit('register', { per: 'address' })
  async register(@Body() dto: RegisterDto): Promise<{ success: true; user: CurrentUser }> {
    return { success: true, user: await this.accounts.register(dto) };
  }

  @Get('users/suggest')
  @Auth()
  @RateLimit('search')
  async suggest(@Query() q: UsernameSuggestQueryDto, @AuthUser() viewer: SessionUser): Promise<{ items: UserSuggestion[] }> {
    return { items: await this.suggestions.suggest(q.prefix, viewer.id) };
  }

  @Get('profile/:username')
  @BlockRule({ kind: 'username', from: 'params', key: 'username' })
  profile(@Param('username', PathText()) username: string, @AuthUser() viewer?: SessionUser): Promise<UserProfile> {
    return this.profiles.getProfile(username, viewer);
  }

  @Put('users/:username')
  @Auth()
  @UseGuards(ProfileOwnerGuard)
  @UseInterceptors(PlanUpload(PROFILE_IMAGES), UploadsRateLimit)
  update(@AuthUser() user: SessionUser, @Body() dto: UpdateProfileDto, @Req() req: Request): Promise<CurrentUser> {
    const images = { thumbnail: uploadedFile(req, 'thumbnail'), background: uploadedFile(req, 'background') };
    return this.profiles.updateProfile(user, dto, images, req.sessionID);
  }

  /** Images only: any other field (a password included) is ignored here. */
  @Put('profile/:username')
  @Auth()
  @UseGuards(ProfileOwnerGuard)
  @UseInterceptors(PlanUpload(PROFILE_IMAGES), UploadsRateLimit)
  async updateImages(@AuthUser() user: SessionUser, @Req() req: Request): Promise<{ thumbnail: string | null; background: string | null }> {
    const images = { thumbnail: uploadedFile(req, 'thumbnail'), background: uploadedFile(req, 'background') };
    const updated = await this.profiles.updateProfile(user, {}, images, req.sessionID);
    return { thumbnail: updated.thumbnail, background: updated.background };
  }

  @Delete('users/:id')
  @Auth()
  @HttpCode(200)
  async remove(@Param('id', IdParam()) id: number, @AuthUser() actor: SessionUser): Promise<{ success: true }> {
    // An admin deleting someone else's account is an admin action (admin tools "delete a user"): audited.
    const audited = isAdmin(actor.group_id) && actor.id !== id;
    try {
      await this.accounts.deleteAccount(id, actor);
    } catch (error) {
      if (audited) await this.audit.record(actor, 'admin.users.delete', `user:${id}`, auditResult(error instanceof HttpException ? error.getStatus() : 500));
      throw error;
    }
    if (audited) await this.audit.record(actor, 'admin.users.delete', `user:${id}`, 'ok');
    return { success: true };
  }
}

