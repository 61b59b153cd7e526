import { Body, Controller, Headers, Req, UseGuards } from '@nestjs/common';
import { Endpoint, Params, BodyOf } from '../../common/endpoint';
import { ROUTES, type SubscribeBody, type SubscribeResult, type Subscription, type WebhookResult } from '@cloud9/contracts';
import type { RawBodyRequest } from '../../common/raw-body';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/public';
import { BillingService } from './billing.service';
import { VerifiedEmailGuard } from '../users/verified-email.guard';

/** Paid plans through PayPal: bind a verified subscription, PayPal's webhooks, and the member's subscription. */
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Endpoint(ROUTES.billing.subscribe)
  @Auth()
  @UseGuards(VerifiedEmailGuard)
  subscribe(@AuthUser() user: SessionUser, @BodyOf() dto: SubscribeBody): Promise<SubscribeResult> {
    return this.billing.subscribe(user, dto.subscriptionId, dto.groupId);
  }

  /**
   * Called by PayPal (no session, no Origin); trusted only after PayPal verified the signature. Each
   * call costs a call to PayPal, so anonymous callers spend a budget per address and one shared by
   * all of them before it is made (PayPal retries a delivery that was refused).
   */
  @Endpoint(ROUTES.billing.webhook)
  @RateLimit('webhooks', { per: 'address' })
  @RateLimit('webhooksGlobal', { per: 'everyone' })
  webhook(@Headers() headers: Record<string, string | string[] | undefined>, @Body() event: unknown, @Req() req: RawBodyRequest): Promise<WebhookResult> {
    return this.billing.handleWebhook(headers, event, req.rawBody);
  }

  @Endpoint(ROUTES.billing.subscription)
  @Auth()
  get(@AuthUser() user: SessionUser, @Params('userId') userId: number): Promise<Subscription | null> {
    return this.billing.getSubscription(user, userId);
  }
}
