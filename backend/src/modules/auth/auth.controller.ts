import { Controller, Req, Res } from '@nestjs/common';
import { Endpoint, BodyOf } from '../../common/endpoint';
import type { Request, Response } from 'express';
import { ROUTES, isTheme, type CurrentUser, type LoginBody, type LoginResult, type LoginSecondStepBody, type Me, type PasskeyLoginBody } from '@cloud9/contracts';
import type { SessionUser } from '../users/public';
import { AccountsService } from '../users/accounts.service';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { AuthService } from './auth.service';
import { PasskeysService } from '../passkeys/passkeys.service';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: AccountsService,
    private readonly passkeys: PasskeysService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  @Endpoint(ROUTES.auth.login)
  login(@Req() req: Request, @Res({ passthrough: true }) res: Response, @BodyOf() dto: LoginBody): Promise<LoginResult> {
    return this.auth.login(req, res, dto.username, dto.password);
  }

  @Endpoint(ROUTES.passkeys.signInOptions)
  passkeyOptions() {
    return this.passkeys.signInOptions();
  }

  @Endpoint(ROUTES.passkeys.signIn)
  passkeyLogin(@Req() req: Request, @Res({ passthrough: true }) res: Response, @BodyOf() body: PasskeyLoginBody): Promise<CurrentUser> {
    return this.auth.loginWithPasskey(req, res, body);
  }

  @Endpoint(ROUTES.twoFactor.login)
  loginSecondStep(@Req() req: Request, @Res({ passthrough: true }) res: Response, @BodyOf() dto: LoginSecondStepBody): Promise<CurrentUser> {
    return this.auth.loginSecondStep(req, res, dto);
  }

  @Endpoint(ROUTES.auth.logout)
  async logout(@Req() req: Request): Promise<{ success: true }> {
    await this.auth.logout(req);
    return { success: true };
  }

  @Endpoint(ROUTES.auth.me)
  @Auth()
  async me(@AuthUser() user: SessionUser): Promise<Me> {
    const theme = isTheme(user.theme) ? user.theme : 'system';
    return { ...this.users.toCurrentUser(user), twoFactor: await this.twoFactor.status(user.id), theme };
  }
}
