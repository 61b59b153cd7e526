import { Module } from '@nestjs/common';
import { AuditService } from './admin-users.audit';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/** Admin tools: user management and the audit log (exported for other modules' admin calls). */
@Module({
  controllers: [AdminUsersController],
  providers: [AdminUsersService, AuditService],
  exports: [AuditService],
})
export class AdminUsersModule {}
