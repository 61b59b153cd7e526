import { Global, Module } from '@nestjs/common';
import { InvalidationBus } from './cache/invalidation-bus';
import { Database } from './db/database';
import { ReadReplica } from './db/read-replica';
import { SqlService } from './db/sql.service';
import { Readiness } from './readiness';

/**
 * The database access every repository uses (Kysely on the shared pool, the prepared-statement
 * runner and its read replica), the bus that tells every instance's in-process caches what changed, and whether this
 * instance still takes new work (Readiness).
 */
@Global()
@Module({
  providers: [SqlService, ReadReplica, Database, InvalidationBus, Readiness],
  exports: [SqlService, ReadReplica, Database, InvalidationBus, Readiness],
})
export class CommonModule {}
