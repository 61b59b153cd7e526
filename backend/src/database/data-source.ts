import { types } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { InitialSchema1732200000000 } from './migrations/1732200000000-InitialSchema';

// bigint ids and COUNT(*) arrive as numbers (all ours stay far below 2^53).
types.setTypeParser(types.builtins.INT8, (value) => Number.parseInt(value, 10));

export const MIGRATIONS = [InitialSchema1732200000000];

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    extra: { max: 20, connectionTimeoutMillis: 5000 },
  };
}

export const createDataSource = (databaseUrl: string) => new DataSource(dataSourceOptions(databaseUrl));
