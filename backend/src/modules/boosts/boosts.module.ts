import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BoostJobs } from './boosts.jobs';
import { BoostsController } from './boosts.controller';
import { BoostsService } from './boosts.service';

/** Boosts: requests and quota, the BullMQ rotation job (queue 'boosts') and the admin boost. */
@Module({
  imports: [AuditModule],
  controllers: [BoostsController],
  providers: [BoostsService, BoostJobs],
  exports: [BoostsService],
})
export class BoostsModule {}
