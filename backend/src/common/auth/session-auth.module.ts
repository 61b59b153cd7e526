import { DynamicModule, Module, ModuleMetadata, Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SessionGuard } from './session.guard';
import { SessionUserCache } from './session-user-cache';
import { SessionUserSource } from './session-user-source';
import { StaffSecondFactor } from './staff-second-factor';

/**
 * The signed-in user on every route (SessionGuard) and socket. The accounts module implements
 * SessionUserSource; the app binds it here once, and it is global so the socket gateway reads it too.
 * The two-factor module implements StaffSecondFactor (REQUIRE_2FA_FOR_STAFF); without it the guard
 * treats every account as having none.
 */
@Module({})
export class SessionAuthModule {
  static forRoot(source: { imports: ModuleMetadata['imports']; useExisting: Type<SessionUserSource>; secondFactor?: Type<StaffSecondFactor> }): DynamicModule {
    const secondFactor = source.secondFactor ? [{ provide: StaffSecondFactor, useExisting: source.secondFactor }] : [];
    return {
      module: SessionAuthModule,
      global: true,
      imports: source.imports,
      providers: [{ provide: SessionUserSource, useExisting: source.useExisting }, ...secondFactor, SessionUserCache, { provide: APP_GUARD, useClass: SessionGuard }],
      exports: [SessionUserSource],
    };
  }
}
