import { Controller, Req, Res } from '@nestjs/common';
import { Endpoint, BodyOf } from '../../common/endpoint';
import type { Request, Response } from 'express';
import { ROUTES, type CurrentUser, type LoginBody } from '@cloud9/contracts';
import type { SessionUser } from '../users/session-user';
import { AccountsService } from '../users/accounts.service';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { AuthService } from './auth.service';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: AccountsService,
  ) {}

  @Endpoint(ROUTES.auth.login)
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response, @BodyOf() dto: LoginBody): Promise<CurrentUser> {
    return this.auth.login(req, res, dto.username, dto.password);
  }

  @Endpoint(ROUTES.auth.logout)
  async logout(@Req() req: Request): Promise<{ success: true }> {
    await this.auth.logout(req);
    return { success: true };
  }

  @Endpoint(ROUTES.auth.me)
  @Auth()
  me(@AuthUser() user: SessionUser): CurrentUser {
    return this.users.toCurrentUser(user);
  }
}
