import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MediaModule } from '../media/media.module';
import { SafetyModule } from '../safety/safety.module';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { AccountDeletionSteps } from './account-deletion-steps';
import { AccountsService } from './accounts.service';
import { ProfilesService } from './profiles.service';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { UsernameSuggestionsService } from './username-suggestions.service';

@Module({
  imports: [IdentityModule, MediaModule, AuditModule, SafetyModule],
  controllers: [UsersController],
  providers: [AccountDeletionSteps, AccountsService, ProfilesService, UsersRepository, AdminBootstrapService, UsernameSuggestionsService],
  exports: [AccountDeletionSteps, AccountsService],
})
export class UsersModule {}
