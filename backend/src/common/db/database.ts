import { Injectable } from '@nestjs/common';
import { Kysely, PostgresDialect } from 'kysely';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { DB } from '../../database/schema';

/** A query builder or transaction typed by the schema: what repositories take. */
export type Db = Kysely<DB>;

/**
 * Kysely, typed by the schema the migrations build (database/schema.ts, generated), on TypeORM's pg
 * pool: one pool, one set of connection limits and type parsers for every query. TypeORM itself only
 * runs migrations and owns that pool, so this instance is never destroyed.
 */
@Injectable()
export class Database {
  readonly db: Db;

  constructor(dataSource: DataSource) {
    this.db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: async () => (dataSource.driver as PostgresDriver).master as Pool }) });
  }
}
