import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { isValidGroupId, type AdminUser, type Page } from '@cloud9/contracts';
import { AccountsService, type AdminUserRow } from '../users/accounts.service';
import { toAdminUser as toAdminUserOf } from './admin-tools.service';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { toPage } from '../../common/db/page';
import { containsPattern } from '../../common/db/sql-params';

const ADMIN_USERS_DEFAULT_LIMIT = 20;
const ADMIN_USERS_MAX_LIMIT = 100;
/** The search text (a username or e-mail fragment, matched with ILIKE): as long as the longest e-mail address. */
const ADMIN_USERS_QUERY_MAX = 254;

const toAdminUser = (r: AdminUserRow): AdminUser => ({
  id: Number(r.id),
  username: r.username,
  email: r.email,
  name: r.name,
  group_id: Number(r.group_id),
  createdAt: new Date(r.created_at).toISOString(),
});

/** Admin user management: list/search by keyset (id DESC) and change a user's group. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
  ) {}

  async list(actor: AuditActor, query: { query?: string; limit?: string; cursor?: string }): Promise<Page<AdminUser>> {
    // Digits only: Number() would also take '1e1', '0x10' or ' 5'.
    const limitRaw = query.limit === undefined || query.limit === '' ? ADMIN_USERS_DEFAULT_LIMIT : /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : NaN;
    const cursorRaw = query.cursor === undefined || query.cursor === '' ? null : query.cursor;
    const tooLong = (query.query?.length ?? 0) > ADMIN_USERS_QUERY_MAX;
    if (!Number.isInteger(limitRaw) || limitRaw < 1 || (cursorRaw !== null && !/^\d{1,18}$/.test(cursorRaw)) || tooLong) {
      await this.audit.record(actor, 'admin.users.list', null, 'invalid', { query });
      throw new BadRequestException('Invalid query.');
    }
    const limit = Math.min(limitRaw, ADMIN_USERS_MAX_LIMIT);
    const text = (query.query ?? '').trim();
    const rows = await this.accounts.adminPage(cursorRaw, text ? containsPattern(text) : null, limit + 1);
    const page = toPage(rows, limit, toAdminUser, (last) => String(last.id));
    await this.audit.record(actor, 'admin.users.list', text ? `query:${text}` : null, 'ok', { count: page.items.length });
    return page;
  }

  async setGroup(actor: AuditActor, id: number, groupId: unknown): Promise<{ success: true; user: AdminUser }> {
    const target = `user:${id}`;
    if (!isValidGroupId(groupId)) {
      await this.audit.record(actor, 'admin.users.set_group', target, 'invalid', { group_id: groupId ?? null });
      throw new BadRequestException('group_id must be a whole number from 1 to 9.');
    }
    const moves = await this.accounts.setGroup(id, groupId);
    if (!moves.length) {
      await this.audit.record(actor, 'admin.users.set_group', target, 'not_found', { group_id: groupId });
      throw new NotFoundException('User not found.');
    }
    await this.audit.record(actor, 'admin.users.set_group', target, 'ok', { group_id: groupId });
    return { success: true, user: toAdminUserOf((await this.accounts.findById(id))!) };
  }
}
