import { Module } from '@nestjs/common';
import { JobsModule } from '../../jobs/jobs.module';
import { AuditModule } from '../audit/audit.module';
import { PostsModule } from '../posts/posts.module';
import { BoostJobs } from './boosts.jobs';
import { BoostsController } from './boosts.controller';
import { BoostsRepository } from './boosts.repository';
import { BoostsService } from './boosts.service';

/** Boosts: requests and quota, the BullMQ rotation job (queue 'boosts') and the admin boost. */
@Module({
  imports: [AuditModule, JobsModule, PostsModule],
  controllers: [BoostsController],
  providers: [BoostsRepository, BoostsService, BoostJobs],
  exports: [BoostsService],
})
export class BoostsModule {}
