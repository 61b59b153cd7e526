import { Controller } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import { GroupId, ROUTES, type AdminUser, type AdminUsersQuery, type Page, type SetUserGroupBody } from '@cloud9/contracts';
import { AppClientOnly } from '../../common/app-client.guard';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/session-user';
import { AdminUsersService } from './admin-users.service';

/** Admin user management (group 1 only); every call leaves an audit_log row. */
@Controller()
@Auth({ groups: [GroupId.Admin] })
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Endpoint(ROUTES.admin.users)
  @AppClientOnly()
  list(@AuthUser() actor: SessionUser, @QueryOf() query: AdminUsersQuery): Promise<Page<AdminUser>> {
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return this.users.list(actor, { query: str(query.query), limit: str(query.limit), cursor: str(query.cursor) });
  }

  @Endpoint(ROUTES.admin.setUserGroup)
  setGroup(@AuthUser() actor: SessionUser, @Params('id') id: number, @BodyOf() body: SetUserGroupBody): Promise<{ success: true; user: AdminUser }> {
    return this.users.setGroup(actor, id, body.group_id);
  }
}
