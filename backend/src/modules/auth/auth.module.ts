import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AccountSessionsController } from './account-sessions.controller';
import { IdentityModule } from '../identity/identity.module';
import { ModerationModule } from '../moderation/moderation.module';
import { PasskeysModule } from '../passkeys/passkeys.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';

@Module({
  imports: [UsersModule, IdentityModule, ModerationModule, PasskeysModule, TwoFactorModule],
  controllers: [AuthController, AccountSessionsController],
  providers: [AuthService],
})
export class AuthModule {}
