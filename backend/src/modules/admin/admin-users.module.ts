import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';

/** Admin tools: user management, every call audited. */
@Module({
  imports: [AuditModule, UsersModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
})
export class AdminUsersModule {}
