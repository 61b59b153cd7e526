import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ROUTES, type AccountSession, type EndedSessions } from '@cloud9/contracts';
import { Endpoint, Params } from '../../common/endpoint';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/public';
import { SessionsService } from '../identity/sessions.service';

/** The signed-in account's own sessions: the list, and ending one or all the others (issue 30, item 6). */
@Controller()
export class AccountSessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Endpoint(ROUTES.accountData.sessions)
  @Auth()
  async list(@AuthUser() user: SessionUser, @Req() req: Request): Promise<{ items: AccountSession[] }> {
    return { items: await this.sessions.list(user.id, req.sessionID) };
  }

  @Endpoint(ROUTES.accountData.endSession)
  @Auth()
  async end(@AuthUser() user: SessionUser, @Params('id') id: string, @Req() req: Request): Promise<EndedSessions> {
    await this.sessions.endByPublicId(req, user.id, id);
    return { ended: 1 };
  }

  @Endpoint(ROUTES.accountData.endOtherSessions)
  @Auth()
  async endOthers(@AuthUser() user: SessionUser, @Req() req: Request): Promise<EndedSessions> {
    return { ended: await this.sessions.endOthersForUser(user.id, req.sessionID) };
  }
}
