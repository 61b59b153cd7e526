import { Module } from '@nestjs/common';
import { AccountNoticeMails } from './account-notice-mails';
import { AuditModule } from '../audit/audit.module';
import { IdentityModule } from '../identity/identity.module';
import { MediaModule } from '../media/media.module';
import { MailModule } from '../mail/mail.module';
import { AccountMailController } from './account-mail.controller';
import { AccountMailService } from './account-mail.service';
import { AccountTokensRepository } from './account-tokens.repository';
import { VerifiedEmailGuard } from './verified-email.guard';
import { SafetyModule } from '../safety/safety.module';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { AccountDeletionChecks, AccountDeletionSteps } from './account-deletion-steps';
import { AccountsService } from './accounts.service';
import { ProfilesService } from './profiles.service';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { UsernameSuggestionsService } from './username-suggestions.service';

@Module({
  imports: [IdentityModule, MediaModule, AuditModule, SafetyModule, MailModule],
  controllers: [UsersController, AccountMailController],
  providers: [AccountDeletionChecks, AccountDeletionSteps, AccountsService, ProfilesService, UsersRepository, AdminBootstrapService, UsernameSuggestionsService, AccountMailService, AccountTokensRepository, VerifiedEmailGuard, AccountNoticeMails],
  exports: [AccountDeletionChecks, AccountDeletionSteps, AccountsService, VerifiedEmailGuard],
})
export class UsersModule {}
