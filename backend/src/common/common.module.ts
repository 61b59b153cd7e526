import { Global, Module } from '@nestjs/common';
import { Database } from './db/database';
import { SqlService } from './db/sql.service';

/** The database access every repository uses: Kysely on the shared pool, and the prepared-statement runner. */
@Global()
@Module({ providers: [SqlService, Database], exports: [SqlService, Database] })
export class CommonModule {}
