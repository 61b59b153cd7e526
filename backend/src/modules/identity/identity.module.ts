import { Module } from '@nestjs/common';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';

/** Password hashing and session bookkeeping, shared by auth and users without a cycle. */
@Module({ providers: [PasswordService, SessionsService], exports: [PasswordService, SessionsService] })
export class IdentityModule {}
