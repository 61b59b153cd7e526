import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { BillingController } from './billing.controller';
import { BillingJobs } from './billing.jobs';
import { BillingService } from './billing.service';
import { PayPalClient } from './paypal.client';

/** PayPal subscriptions and webhooks, and the repeating sweep that ends lapsed plans. */
@Module({
  imports: [PlansModule],
  controllers: [BillingController],
  providers: [BillingService, BillingJobs, PayPalClient],
  exports: [BillingService],
})
export class BillingModule {}
