import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsModule } from '../common/metrics/metrics.module';
import { JobHandlerDiscovery } from './job-discovery';
import { JobsService } from './jobs.service';

/**
 * BullMQ for the whole app: JobsService to produce, and the workers of every @JobHandler. Not global:
 * a module that runs background work imports it, so which modules have queues reads from their imports.
 */
@Module({ imports: [DiscoveryModule, MetricsModule], providers: [JobsService, JobHandlerDiscovery], exports: [JobsService] })
export class JobsModule {}
