import { Global, Module } from '@nestjs/common';
import { MetricsModule } from './metrics/metrics.module';
import { DiscoveryModule } from '@nestjs/core';
import { CacheChanges } from './cache/cache-changes';
import { CacheInvalidations } from './cache/cache-invalidations';
import { InvalidationBus } from './cache/invalidation-bus';
import { Database } from './db/database';
import { ReadReplica } from './db/read-replica';
import { SqlService } from './db/sql.service';
import { DomainEvents } from './events/domain-events';
import { HotReads } from './hot-reads/hot-reads';
import { Readiness } from './readiness';

/**
 * The database access every repository uses (Kysely on the shared pool, the prepared-statement
 * runner and its read replica) with the domain events its transactions dispatch after the commit,
 * the bus that tells every instance's in-process caches what changed (published by the caches' own
 * subscriber of those events; caches read it as CacheChanges), whether this instance still takes new
 * work (Readiness), and the GETs the lighter path answers (HotReads).
 */
// Global: nearly every module's repositories and services read the database or drop cached pages.
@Global()
@Module({
  imports: [MetricsModule, DiscoveryModule],
  providers: [
    SqlService, ReadReplica, Database, DomainEvents, InvalidationBus, CacheInvalidations, Readiness, HotReads,
    { provide: CacheChanges, useFactory: (bus: InvalidationBus): CacheChanges => bus, inject: [InvalidationBus] },
  ],
  exports: [SqlService, ReadReplica, Database, DomainEvents, CacheChanges, Readiness, HotReads],
})
export class CommonModule {}
