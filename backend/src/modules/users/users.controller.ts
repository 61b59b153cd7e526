import { Body, Controller, Delete, Get, HttpCode, HttpException, Ip, Param, Post, Put, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { isAdmin, type CurrentUser, type UserProfile } from '@cloud9/contracts';
import { IdParam } from '../../common/validation';
import { AuditService } from '../admin/admin-users.audit';
import { auditResult } from '../admin/audit.interceptor';
import { Auth, AuthUser } from '../auth/auth.decorators';
import { PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import { ProfileOwnerGuard } from './profile-owner.guard';
import { UserEntity } from './user.entity';
import { RegisterDto, UpdateProfileDto } from './users.dto';
import { UsersService } from './users.service';

const PROFILE_IMAGES = [{ name: 'thumbnail' }, { name: 'background' }];

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  @Post('users')
  async register(@Body() dto: RegisterDto, @Ip() ip: string): Promise<{ success: true; user: CurrentUser }> {
    return { success: true, user: await this.users.register(dto, ip) };
  }

  @Get('profile/:username')
  profile(@Param('username') username: string, @AuthUser() viewer?: UserEntity): Promise<UserProfile> {
    return this.users.getProfile(username, viewer);
  }

  @Put('users/:username')
  @Auth()
  @UseGuards(ProfileOwnerGuard)
  @UseInterceptors(PlanUpload(PROFILE_IMAGES))
  update(@AuthUser() user: UserEntity, @Body() dto: UpdateProfileDto, @Req() req: Request): Promise<CurrentUser> {
    return this.users.updateProfile(user, dto, { thumbnail: uploadedFile(req, 'thumbnail'), background: uploadedFile(req, 'background') });
  }

  @Put('profile/:username')
  @Auth()
  @UseGuards(ProfileOwnerGuard)
  @UseInterceptors(PlanUpload(PROFILE_IMAGES))
  async updateImages(@AuthUser() user: UserEntity, @Req() req: Request): Promise<{ thumbnail: string | null; background: string | null }> {
    const updated = await this.users.updateProfile(user, {}, { thumbnail: uploadedFile(req, 'thumbnail'), background: uploadedFile(req, 'background') });
    return { thumbnail: updated.thumbnail, background: updated.background };
  }

  @Delete('users/:id')
  @Auth()
  @HttpCode(200)
  async remove(@Param('id', IdParam()) id: number, @AuthUser() actor: UserEntity): Promise<{ success: true }> {
    // An admin deleting someone else's account is an admin action (admin tools "delete a user"): audited.
    const audited = isAdmin(actor.groupId) && actor.id !== id;
    try {
      await this.users.deleteAccount(id, actor);
    } catch (error) {
      if (audited) await this.audit.record(actor, 'admin.users.delete', `user:${id}`, auditResult(error instanceof HttpException ? error.getStatus() : 500));
      throw error;
    }
    if (audited) await this.audit.record(actor, 'admin.users.delete', `user:${id}`, 'ok');
    return { success: true };
  }
}

