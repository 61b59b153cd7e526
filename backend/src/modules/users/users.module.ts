import { Module } from '@nestjs/common';
import { IdentityModule } from '../auth/identity.module';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { AccountsService } from './accounts.service';
import { ProfilesService } from './profiles.service';
import { AdminBootstrapService } from './admin-bootstrap.service';

@Module({
  imports: [IdentityModule],
  controllers: [UsersController],
  providers: [AccountsService, ProfilesService, UsersRepository, AdminBootstrapService],
  exports: [AccountsService],
})
export class UsersModule {}
