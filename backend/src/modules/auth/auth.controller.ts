import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { CurrentUser } from '@cloud9/contracts';
import type { SessionUser } from '../users/public';
import { AccountsService } from '../users/accounts.service';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { AuthService } from './auth.service';
import { LoginDto } from './login.dto';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: AccountsService,
  ) {}

  @Post('login')
  @HttpCode(200)
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: LoginDto): Promise<CurrentUser> {
    return this.auth.login(req, res, dto.username, dto.password);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request): Promise<{ success: true }> {
    await this.auth.logout(req);
    return { success: true };
  }

  @Get('me')
  @Auth()
  me(@AuthUser() user: SessionUser): CurrentUser {
    return this.users.toCurrentUser(user);
  }
}
