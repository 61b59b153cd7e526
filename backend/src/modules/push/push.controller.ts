import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ROUTES, type PushEndpointBody, type PushKey, type PushSubscriptionBody } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { BodyOf, Endpoint } from '../../common/endpoint';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import type { SessionUser } from '../users/public';
import { PushService } from './push.service';

/** Web Push: the VAPID key and the signed-in account's subscriptions (decision 0096). */
@Controller()
@Auth()
export class PushController {
  constructor(private readonly push: PushService) {}

  @Endpoint(ROUTES.push.key)
  key(): PushKey {
    return this.push.key();
  }

  /** The subscription belongs to the account and to this session (its device): ending the session removes it. */
  @Endpoint(ROUTES.push.subscribe)
  async subscribe(@AuthUser() user: SessionUser, @BodyOf() body: PushSubscriptionBody, @Req() req: Request): Promise<{ success: true }> {
    await this.push.subscribe(user.id, req.sessionID, body);
    return { success: true };
  }

  @Endpoint(ROUTES.push.unsubscribe)
  async unsubscribe(@AuthUser() user: SessionUser, @BodyOf() body: PushEndpointBody): Promise<{ success: true }> {
    await this.push.unsubscribe(user.id, body.endpoint);
    return { success: true };
  }

  @Endpoint(ROUTES.push.test)
  @RateLimit('pushTest')
  async test(@AuthUser() user: SessionUser, @BodyOf() body: PushEndpointBody): Promise<{ success: true }> {
    await this.push.test(user.id, body.endpoint);
    return { success: true };
  }
}
