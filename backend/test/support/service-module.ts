import { DEFAULT_GROUP_ID } from '@cloud9/contracts';
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { once } from 'node:events';
import { LoggerModule } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { SessionAuthModule } from '../../src/common/auth/session-auth.module';
import type { SessionUser } from '../../src/common/auth/session.types';
import { CommonModule } from '../../src/common/common.module';
import { poolStatementTimeoutMs } from '../../src/common/db/statement-limits';
import { createLogger } from '../../src/common/logging/logger';
import { MetricsModule } from '../../src/common/metrics/metrics.module';
import { RateLimitModule } from '../../src/common/rate-limit/rate-limit.module';
import { createRedis, RedisModule } from '../../src/common/redis.module';
import { loadSettings, Settings } from '../../src/config/settings';
import { SettingsModule } from '../../src/config/settings.module';
import { dataSourceOptions } from '../../src/database/data-source';
import { JobsModule } from '../../src/jobs/jobs.module';
import { JobsService } from '../../src/jobs/jobs.service';
import { RealtimeModule } from '../../src/modules/realtime/realtime.module';
import { AccountsService } from '../../src/modules/users/accounts.service';
import { UsersModule } from '../../src/modules/users/users.module';
import { uniqueName } from './app';

/**
 * The job queues to enqueue on, in place of JobsModule (without its discovery): whether every job of
 * the map has its handler is the whole app's check (start-up), and a tier holds a few modules' handlers only.
 */
@Module({ imports: [MetricsModule], providers: [JobsService], exports: [JobsService] })
class JobsProducerModule {}

export interface ServiceModule {
  module: TestingModule;
  settings: Settings;
  db: DataSource;
  /** A provider of the modules under test, as Nest injects it. */
  get: <T>(type: Type<T>) => T;
  close: () => Promise<void>;
}

/**
 * The service tier: the given domain modules with the app's real infrastructure (this worker's
 * PostgreSQL database and Redis prefix, settings, metrics, the realtime service without a socket
 * server, the job queues without workers, the accounts every service acts for), and no HTTP. For
 * business rules (limits, counters, visibility, toggles, paging) that an HTTP round trip adds nothing
 * to; route contracts, permissions and faults stay in the *.int-spec.ts suites. The database is
 * already migrated (backend/test/setup). `env` overrides settings.
 */
export async function serviceModule(modules: (Type | DynamicModule)[], env: Record<string, string> = {}): Promise<ServiceModule> {
  const settings = loadSettings({ ...process.env, ...env }, false);
  const redis = createRedis(settings);
  await once(redis, 'ready');
  const build = Test.createTestingModule({
    imports: [
      SettingsModule.forRoot(settings),
      LoggerModule.forRoot({ pinoHttp: { logger: createLogger(settings) }, useExisting: true, forRoutes: [] }),
      MetricsModule,
      RedisModule.forRoot(redis),
      TypeOrmModule.forRoot(dataSourceOptions(settings.databaseUrl, settings.databaseConnectTimeoutMs, poolStatementTimeoutMs(settings))),
      CommonModule,
      RateLimitModule,
      RealtimeModule,
      UsersModule,
      SessionAuthModule.forRoot({ imports: [UsersModule], useExisting: AccountsService }),
      ...modules,
    ],
  })
    .overrideModule(JobsModule)
    .useModule(JobsProducerModule);
  let module: TestingModule | undefined;
  try {
    module = await build.compile();
    await module.init();
  } catch (error) {
    // Modules that fail to start must not leave their connections holding the jest worker open.
    await module?.close().catch(() => undefined);
    redis.disconnect();
    throw error;
  }
  return {
    module,
    settings,
    db: module.get(DataSource),
    get: (type) => module.get(type, { strict: false }),
    close: () => module.close(),
  };
}

/** A member as the services receive one (the session user), made with one INSERT: no sign-up, no HTTP. */
export async function createMember(s: ServiceModule, prefix = 'member'): Promise<SessionUser> {
  const username = uniqueName(prefix);
  const [{ id }] = await s.db.query(`INSERT INTO users (username, email, password_hash, group_id) VALUES ($1::text, $1::text || '@example.com', 'x', $2) RETURNING id`, [
    username,
    DEFAULT_GROUP_ID,
  ]);
  return (await s.get(AccountsService).findSessionUser(id))!;
}
