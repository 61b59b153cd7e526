import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { Allow } from 'class-validator';
import { GroupId, type AdminUser, type Page } from '@cloud9/contracts';
import { AppClientOnly } from '../../common/app-client.guard';
import { IdParam } from '../../common/validation';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/public';
import { AdminUsersService } from './admin-users.service';

/** Checked by the service (so a refused value is audited too). */
export class SetGroupDto {
  @Allow() group_id?: unknown;
}

export class AdminUsersQueryDto {
  @Allow() query?: string;
  @Allow() limit?: string;
  @Allow() cursor?: string;
}

/** Admin user management (group 1 only); every call leaves an audit_log row. */
@Controller('admin/users')
@Auth({ groups: [GroupId.Admin] })
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @AppClientOnly()
  list(@AuthUser() actor: SessionUser, @Query() query: AdminUsersQueryDto): Promise<Page<AdminUser>> {
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return this.users.list(actor, { query: str(query.query), limit: str(query.limit), cursor: str(query.cursor) });
  }

  @Patch(':id')
  setGroup(@AuthUser() actor: SessionUser, @Param('id', IdParam()) id: number, @Body() body: SetGroupDto): Promise<{ success: true; user: AdminUser }> {
    return this.users.setGroup(actor, id, body.group_id);
  }
}
