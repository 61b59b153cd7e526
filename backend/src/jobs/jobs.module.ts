import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobHandlerDiscovery } from './job-discovery';
import { JobsService } from './jobs.service';

/** BullMQ for the whole app: JobsService to produce, and the workers of every @JobHandler. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [JobsService, JobHandlerDiscovery], exports: [JobsService] })
export class JobsModule {}
