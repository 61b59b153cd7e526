import { Module } from '@nestjs/common';
import { JobsModule } from '../../jobs/jobs.module';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { AdminAuditController } from './admin-audit.controller';
import { AdminJobs } from './admin-jobs';
import { AdminRepository } from './admin.repository';
import { AdminToolsController } from './admin-tools.controller';
import { AdminToolsService } from './admin-tools.service';
import { AuditModule } from '../audit/audit.module';
import { BackupService } from './backup.service';
import { OrphansService } from './orphans.service';

/** Admin tools: password reset, lookup, the 'admin' job queue (backups, restore, sync, orphans), the audit log. */
@Module({
  imports: [AuditModule, JobsModule, UsersModule, MediaModule],
  controllers: [AdminToolsController, AdminAuditController],
  providers: [AdminRepository, AdminToolsService, AdminJobs, BackupService, OrphansService],
})
export class AdminToolsModule {}
