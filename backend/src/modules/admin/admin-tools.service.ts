import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, type AdminResetPasswordResult, type AdminUser, type AdminUserLookup, type ResetPasswordBody } from '@cloud9/contracts';
import type { SessionUser } from '../users/session-user';
import { AccountsService } from '../users/accounts.service';

export const toAdminUser = (u: SessionUser): AdminUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  name: u.name,
  group_id: u.group_id,
  createdAt: u.created_at.toISOString(),
});

/** The admin tools that are not jobs: password reset and user lookup (the users module does the work). */
@Injectable()
export class AdminToolsService {
  constructor(private readonly users: AccountsService) {}

  /** Sets the user's password and ends all their sessions; `adminId`, when sent, must be the caller. */
  async resetPassword(actor: SessionUser, dto: ResetPasswordBody): Promise<AdminResetPasswordResult> {
    if (dto.adminId !== undefined && dto.adminId !== null && String(dto.adminId) !== String(actor.id)) {
      throw new ForbiddenException(MESSAGES.admin.onlyAsYourself);
    }
    const user = await this.users.resetPassword(dto.username, dto.newPassword);
    if (!user) throw new NotFoundException(MESSAGES.admin.userNotFound);
    return { success: true, message: MESSAGES.admin.passwordReset(user.username) };
  }

  async lookup(username: string): Promise<AdminUserLookup> {
    const user = await this.users.findByUsername(username);
    if (!user) throw new NotFoundException(MESSAGES.admin.userNotFound);
    return { success: true, user: toAdminUser(user) };
  }
}
