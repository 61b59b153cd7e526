import { Controller } from '@nestjs/common';
import { ROUTES, type AddPasskeyBody, type PasskeyItem } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { BodyOf, Endpoint, Params } from '../../common/endpoint';
import type { SessionUser } from '../users/public';
import { PasskeysService } from './passkeys.service';

/** The signed-in account's passkeys (signing in with one is the auth module's). */
@Controller()
@Auth()
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @Endpoint(ROUTES.passkeys.registrationOptions)
  registrationOptions(@AuthUser() user: SessionUser) {
    return this.passkeys.registrationOptions(user);
  }

  @Endpoint(ROUTES.passkeys.add)
  add(@AuthUser() user: SessionUser, @BodyOf() body: AddPasskeyBody): Promise<PasskeyItem> {
    return this.passkeys.add(user, body);
  }

  @Endpoint(ROUTES.passkeys.list)
  async list(@AuthUser() user: SessionUser): Promise<{ items: PasskeyItem[] }> {
    return { items: await this.passkeys.list(user) };
  }

  @Endpoint(ROUTES.passkeys.remove)
  async remove(@AuthUser() user: SessionUser, @Params('id') id: number): Promise<{ success: true }> {
    await this.passkeys.remove(user, id);
    return { success: true };
  }
}
