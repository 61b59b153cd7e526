import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { PayPalClient } from './paypal.client';

/** PayPal subscriptions and webhooks; BillingService.downgradeExpired() is exported for the jobs scheduler. */
@Module({
  imports: [PlansModule],
  controllers: [BillingController],
  providers: [BillingService, PayPalClient],
  exports: [BillingService],
})
export class BillingModule {}
