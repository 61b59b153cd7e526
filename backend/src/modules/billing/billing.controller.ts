import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { SubscribeResult, Subscription, WebhookResult } from '@cloud9/contracts';
import type { RawBodyRequest } from '../../common/raw-body';
import { IdParam } from '../../common/validation';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/public';
import { SubscribeDto } from './billing.dto';
import { BillingService } from './billing.service';

/** Paid plans through PayPal: bind a verified subscription, PayPal's webhooks, and the member's subscription. */
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Post('subscriptions')
  @Auth()
  @HttpCode(200)
  subscribe(@AuthUser() user: SessionUser, @Body() dto: SubscribeDto): Promise<SubscribeResult> {
    return this.billing.subscribe(user, dto.subscriptionId, dto.groupId);
  }

  /**
   * Called by PayPal (no session, no Origin); trusted only after PayPal verified the signature. Each
   * call costs a call to PayPal, so anonymous callers spend a budget per address and one shared by
   * all of them before it is made (PayPal retries a delivery that was refused).
   */
  @Post('webhooks/paypal')
  @HttpCode(200)
  @RateLimit('webhooks', { per: 'address' })
  @RateLimit('webhooksGlobal', { per: 'everyone' })
  webhook(@Headers() headers: Record<string, string | string[] | undefined>, @Body() event: unknown, @Req() req: RawBodyRequest): Promise<WebhookResult> {
    return this.billing.handleWebhook(headers, event, req.rawBody);
  }

  @Get('get-subscription/:userId')
  @Auth()
  get(@AuthUser() user: SessionUser, @Param('userId', IdParam()) userId: number): Promise<Subscription | null> {
    return this.billing.getSubscription(user, userId);
  }
}
