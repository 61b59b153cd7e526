import { Global, Module } from '@nestjs/common';
import { MetricsModule } from './metrics/metrics.module';
import { InvalidationBus } from './cache/invalidation-bus';
import { Database } from './db/database';
import { ReadReplica } from './db/read-replica';
import { SqlService } from './db/sql.service';
import { HotReads } from './hot-reads/hot-reads';
import { Readiness } from './readiness';

/**
 * The database access every repository uses (Kysely on the shared pool, the prepared-statement
 * runner and its read replica), the bus that tells every instance's in-process caches what changed, and whether this
 * instance still takes new work (Readiness), and the GETs the lighter path answers (HotReads).
 */
// Global: nearly every module's repositories and services read the database or drop cached pages.
@Global()
@Module({
  imports: [MetricsModule],
  providers: [SqlService, ReadReplica, Database, InvalidationBus, Readiness, HotReads],
  exports: [SqlService, ReadReplica, Database, InvalidationBus, Readiness, HotReads],
})
export class CommonModule {}
