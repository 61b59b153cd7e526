import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsModule } from '../common/metrics/metrics.module';
import { JobHandlerDiscovery } from './job-discovery';
import { JobsService } from './jobs.service';

/**
 * BullMQ for the whole app: JobsService to produce, and the workers of every @JobHandler, found by
 * discovery wherever in the app they are declared. Not global: a module that enqueues imports it.
 */
@Module({ imports: [DiscoveryModule, MetricsModule], providers: [JobsService, JobHandlerDiscovery], exports: [JobsService] })
export class JobsModule {}
