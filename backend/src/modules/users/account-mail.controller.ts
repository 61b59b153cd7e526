import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ROUTES, type AccountMailResult, type ForgotPasswordBody, type PasswordResetBody, type VerifyEmailBody } from '@cloud9/contracts';
import { BodyOf, Endpoint } from '../../common/endpoint';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { AccountMailService } from './account-mail.service';
import type { SessionUser } from './session-user';

/** Verifying the address and resetting a forgotten password (decision 0092). */
@Controller()
export class AccountMailController {
  constructor(private readonly accountMail: AccountMailService) {}

  @Endpoint(ROUTES.accountMail.verifyEmail)
  verifyEmail(@BodyOf() dto: VerifyEmailBody): Promise<AccountMailResult> {
    return this.accountMail.verify(dto.token);
  }

  @Endpoint(ROUTES.accountMail.resendVerification)
  @Auth()
  resendVerification(@AuthUser() user: SessionUser): Promise<AccountMailResult> {
    return this.accountMail.resend(user);
  }

  @Endpoint(ROUTES.accountMail.forgotPassword)
  forgotPassword(@Req() req: Request, @BodyOf() dto: ForgotPasswordBody): Promise<AccountMailResult> {
    return this.accountMail.forgot(req, dto.login);
  }

  @Endpoint(ROUTES.accountMail.resetPassword)
  resetPassword(@BodyOf() dto: PasswordResetBody): Promise<AccountMailResult> {
    return this.accountMail.reset(dto.token, dto.password);
  }
}
