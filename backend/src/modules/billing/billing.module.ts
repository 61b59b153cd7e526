import { Module } from '@nestjs/common';
import { JobsModule } from '../../jobs/jobs.module';
import { PlansModule } from '../plans/plans.module';
import { UsersModule } from '../users/users.module';
import { BillingController } from './billing.controller';
import { BillingJobs } from './billing.jobs';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { PayPalClient } from './paypal.client';

/** PayPal subscriptions and webhooks, and the repeating sweep that ends lapsed plans. */
@Module({
  imports: [JobsModule, PlansModule, UsersModule],
  controllers: [BillingController],
  providers: [BillingService, BillingRepository, BillingJobs, PayPalClient],
  exports: [BillingService],
})
export class BillingModule {}
