import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { AuditModule } from './audit.module';
import { UsersModule } from '../users/users.module';

/** Admin tools: user management; the audit log comes from the (global) AuditModule, re-exported here. */
@Module({
  imports: [AuditModule, UsersModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
  exports: [AuditModule],
})
export class AdminUsersModule {}
