import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { SessionAuthModule } from './common/auth/session-auth.module';
import { CommonModule } from './common/common.module';
import { ErrorsFilter } from './common/errors.filter';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';

import { HttpDrain } from './common/http-drain';
import { MetricsModule } from './common/metrics/metrics.module';
import { RedisModule } from './common/redis.module';
import { Settings } from './config/settings';
import { SettingsModule } from './config/settings.module';
import { dataSourceOptions } from './database/data-source';
import { poolStatementTimeoutMs } from './common/db/statement-limits';
import { AppConfigModule } from './modules/app-config/app-config.module';
import { AuthModule } from './modules/auth/auth.module';
import { BillingModule } from './modules/billing/billing.module';
import { BookmarksModule } from './modules/bookmarks/bookmarks.module';
import { DirectMessagesModule } from './modules/direct-messages/direct-messages.module';
import { ExportsModule } from './modules/exports/exports.module';
import { FollowsModule } from './modules/follows/follows.module';
import { SafetyModule } from './modules/safety/safety.module';
import { ModerationModule } from './modules/moderation/moderation.module';
import { GifsModule } from './modules/gifs/gifs.module';
import { HashtagsModule } from './modules/hashtags/hashtags.module';
import { HealthModule } from './modules/health/health.module';
import { MediaModule } from './modules/media/media.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { PlansModule } from './modules/plans/plans.module';
import { PostsModule } from './modules/posts/posts.module';
import { PushModule } from './modules/push/push.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { SearchModule } from './modules/search/search.module';
import { UsersModule } from './modules/users/users.module';
import { AccountsService } from './modules/users/accounts.service';
import { TwoFactorModule } from './modules/two-factor/two-factor.module';
import { TwoFactorService } from './modules/two-factor/two-factor.service';
import { JobsModule } from './jobs/jobs.module';
import { BoostsModule } from './modules/boosts/boosts.module';
import { AdminUsersModule } from './modules/admin/admin-users.module';
import { AdminToolsModule } from './modules/admin/admin-tools.module';
import { AuditModule } from './modules/audit/audit.module';
import { ApiDocsModule } from './modules/api-docs/api-docs.module';

@Module({})
export class AppModule {
  static forRoot(settings: Settings, redis: Redis, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SettingsModule.forRoot(settings),
        // Nest's Logger through pino; the request log itself is mounted first in app.setup (useExisting).
        // No per-request binding (forRoutes: []): it runs each request in an AsyncLocalStorage, which
        // makes Node track every promise; the few lines written during a request name its id themselves.
        LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
        MetricsModule,
        RedisModule.forRoot(redis),
        // Every pooled connection starts with the request limit (a worker's, which serves no request, with the job limit).
        TypeOrmModule.forRoot(dataSourceOptions(settings.databaseUrl, settings.databaseConnectTimeoutMs, poolStatementTimeoutMs(settings))),
        CommonModule,
        RateLimitModule,
        MediaModule,
        RealtimeModule,
        UsersModule,
        SessionAuthModule.forRoot({ imports: [UsersModule, TwoFactorModule], useExisting: AccountsService, secondFactor: TwoFactorService }),
        AuthModule,
        TwoFactorModule,
        PlansModule,
        PostsModule,
        NotificationsModule,
        PushModule,
        FollowsModule,
        SafetyModule,
        ModerationModule,
        SearchModule,
        HashtagsModule,
        BookmarksModule,
        DirectMessagesModule,
        ExportsModule,
        AppConfigModule,
        GifsModule,
        HealthModule,
        JobsModule,
        BoostsModule,
        AuditModule,
        AdminUsersModule,
        AdminToolsModule,
        BillingModule,
        ApiDocsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorsFilter }, HttpDrain],
    };
  }
}
