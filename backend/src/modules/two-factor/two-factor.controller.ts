import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ROUTES, type RecoveryCodes, type RecoveryCodesBody, type TotpDisableBody, type TotpEnableBody, type TotpSetup } from '@cloud9/contracts';
import { BodyOf, Endpoint } from '../../common/endpoint';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { requestIpSubject } from '../../common/rate-limit/subjects';
import type { SessionUser } from '../users/public';
import { TwoFactorService } from './two-factor.service';

/** The signed-in member's authenticator app (sign-in's second step is the auth module's). */
@Controller()
@Auth()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Endpoint(ROUTES.twoFactor.setup)
  setup(@AuthUser() user: SessionUser): Promise<TotpSetup> {
    return this.twoFactor.setup(user);
  }

  @Endpoint(ROUTES.twoFactor.enable)
  enable(@AuthUser() user: SessionUser, @Req() req: Request, @BodyOf() dto: TotpEnableBody): Promise<RecoveryCodes> {
    return this.twoFactor.enable(user, requestIpSubject(req), dto.code);
  }

  @Endpoint(ROUTES.twoFactor.disable)
  async disable(@AuthUser() user: SessionUser, @Req() req: Request, @BodyOf() dto: TotpDisableBody): Promise<{ success: true }> {
    await this.twoFactor.disable(user, requestIpSubject(req), dto.password, dto.code);
    return { success: true };
  }

  @Endpoint(ROUTES.twoFactor.recoveryCodes)
  recoveryCodes(@AuthUser() user: SessionUser, @Req() req: Request, @BodyOf() dto: RecoveryCodesBody): Promise<RecoveryCodes> {
    return this.twoFactor.newRecoveryCodes(user, requestIpSubject(req), dto.password);
  }
}
