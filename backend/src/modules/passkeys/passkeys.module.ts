import { Module } from '@nestjs/common';
import { PasskeysController } from './passkeys.controller';
import { PasskeysRepository } from './passkeys.repository';
import { PasskeysService } from './passkeys.service';

/** Passkeys (WebAuthn): owns `passkeys`. The auth module signs in with them (PasskeysService.verifySignIn). */
@Module({ controllers: [PasskeysController], providers: [PasskeysRepository, PasskeysService], exports: [PasskeysService] })
export class PasskeysModule {}
