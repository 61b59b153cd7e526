import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { MESSAGES, isAdmin, isStaff } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { AUTH_KEY, AuthRequirement } from './auth.decorators';
import { SessionUserCache } from './session-user-cache';
import { StaffSecondFactor } from './staff-second-factor';

/**
 * Runs on every route: loads the session's user (the only source of the acting user), then
 * enforces the route's @Auth requirement. A route whose requirement names groups is a staff route:
 * under REQUIRE_2FA_FOR_STAFF, staff (groups 1–4) without a second factor get 403 there.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: SessionUserCache,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Optional() private readonly secondFactor?: StaffSecondFactor,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const userId = req.session?.userId;
    if (userId) {
      const user = await this.users.find(userId);
      if (user) req.user = user;
      else delete req.session.userId; // the account is gone
    }
    const requirement = this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_KEY, [context.getHandler(), context.getClass()]);
    if (!requirement) return true;
    if (!req.user) throw new UnauthorizedException(MESSAGES.auth.notSignedIn);
    if (requirement.groups && !requirement.groups.includes(req.user.group_id)) throw new ForbiddenException(MESSAGES.http.forbidden);
    if (requirement.groups && this.settings.require2faForStaff && (isAdmin(req.user.group_id) || isStaff(req.user.group_id))) {
      if (!(await this.secondFactor?.hasSecondFactor(req.user.id))) throw new ForbiddenException(MESSAGES.twoFactor.staffRequired);
    }
    return true;
  }
}
