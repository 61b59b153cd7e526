import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { PasskeysModule } from '../passkeys/passkeys.module';
import { UsersModule } from '../users/users.module';
import { PendingSignIns } from './pending-sign-ins';
import { TwoFactorClock } from './two-factor-clock';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in with an authenticator app (decision 0093): owns totp_credentials and recovery_codes. */
@Module({
  imports: [UsersModule, IdentityModule, PasskeysModule],
  controllers: [TwoFactorController],
  providers: [TwoFactorClock, TwoFactorRepository, TwoFactorService, PendingSignIns],
  exports: [TwoFactorClock, TwoFactorService],
})
export class TwoFactorModule {}
