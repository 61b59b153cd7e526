import { Global, Module } from '@nestjs/common';
import { InvalidationBus } from './cache/invalidation-bus';
import { Database } from './db/database';
import { SqlService } from './db/sql.service';

/**
 * The database access every repository uses (Kysely on the shared pool, the prepared-statement
 * runner), and the bus that tells every instance's in-process caches what changed.
 */
@Global()
@Module({ providers: [SqlService, Database, InvalidationBus], exports: [SqlService, Database, InvalidationBus] })
export class CommonModule {}
