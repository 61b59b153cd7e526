import { Global, Module } from '@nestjs/common';
import { AlertsService } from './alerts.service';
import { NoticesService } from './notices.service';
import { NotificationStatusService } from './notification-status.service';
import { NotificationsController } from './notifications.controller';

/**
 * Alerts, system notices and the unseen state. Global so the posts and follows modules raise and
 * withdraw alerts inside their own transactions without importing this module.
 */
@Global()
@Module({
  controllers: [NotificationsController],
  providers: [AlertsService, NoticesService, NotificationStatusService],
  exports: [AlertsService],
})
export class NotificationsModule {}
