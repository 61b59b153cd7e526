import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { MESSAGES } from '@cloud9/contracts';
import { AUTH_KEY, AuthRequirement } from './auth.decorators';
import { SessionUserCache } from './session-user-cache';

/**
 * Runs on every route: loads the session's user (the only source of the acting user), then
 * enforces the route's @Auth requirement.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: SessionUserCache,
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
    return true;
  }
}
