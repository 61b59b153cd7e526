import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { IdentityModule } from '../identity/identity.module';
import { ModerationModule } from '../moderation/moderation.module';

@Module({
  imports: [UsersModule, IdentityModule, ModerationModule],
  controllers: [AuthController],
  providers: [AuthService],
})
export class AuthModule {}
