import { Module } from '@nestjs/common';
import { JobsModule } from '../../jobs/jobs.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { PushController } from './push.controller';
import { PushDelivery } from './push-delivery';
import { PushRepository } from './push.repository';
import { PushSender } from './push-sender';
import { PushService } from './push.service';
import { VapidKeys } from './vapid-keys';

/**
 * Web Push (decision 0096): owns `push_subscriptions` and `push_vapid_keys`. Delivers raised alerts and
 * staff notices as jobs of the `push` queue; reads the push switches, unseen counts and group sizes
 * from notifications, and whether a member's page is visible from realtime.
 */
@Module({
  imports: [JobsModule, NotificationsModule, RealtimeModule],
  controllers: [PushController],
  providers: [PushRepository, VapidKeys, PushSender, PushDelivery, PushService],
})
export class PushModule {}
