import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { AlertGroupsService } from './alert-groups.service';
import { AlertSettingsService } from './alert-settings.service';
import { AlertSyncService } from './alert-sync';
import { AlertsService } from './alerts.service';
import { NoticesService } from './notices.service';
import { NotificationStatusService } from './notification-status.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { WithdrawnAlerts } from './withdrawn-alerts';

/**
 * Alerts, system notices and the unseen state; posts and follows raise and withdraw alerts inside
 * their own transactions. AlertSyncService makes sure a connected client hears of every alert even
 * when its push is lost. Web Push reads the push switches, unseen counts and group sizes through the
 * exported services.
 */
@Module({
  imports: [MediaModule, RealtimeModule],
  controllers: [NotificationsController],
  providers: [AlertGroupsService, AlertSettingsService, AlertsService, AlertSyncService, NoticesService, NotificationStatusService, NotificationsRepository, WithdrawnAlerts],
  exports: [AlertsService, AlertSettingsService, NotificationStatusService, AlertGroupsService],
})
export class NotificationsModule {}
