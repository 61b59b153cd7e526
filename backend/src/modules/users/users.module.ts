import { Module } from '@nestjs/common';
import { IdentityModule } from '../auth/identity.module';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { AdminBootstrapService } from './admin-bootstrap.service';

@Module({
  imports: [IdentityModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, AdminBootstrapService],
  exports: [UsersService],
})
export class UsersModule {}
