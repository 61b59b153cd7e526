import { Injectable } from '@nestjs/common';
import { ALERT_TYPES, type AlertType, type NotificationSettings } from '@cloud9/contracts';
import { NotificationsRepository } from './notifications.repository';

/**
 * Which alert types a user gets. A type turned off is a row of alert_mutes, which every raise
 * statement consults (alert-wanted.ts): its alerts are then neither stored nor pushed.
 */
@Injectable()
export class AlertSettingsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  async get(userId: number): Promise<NotificationSettings> {
    const muted = new Set(await this.notifications.mutedTypes(userId));
    return Object.fromEntries(ALERT_TYPES.map((type) => [type, !muted.has(type)])) as NotificationSettings;
  }

  /** The switches sent change; the others keep their value. Answers the whole set. */
  async save(userId: number, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
    const sent = ALERT_TYPES.filter((type) => typeof changes[type] === 'boolean');
    const off: AlertType[] = sent.filter((type) => changes[type] === false);
    const on: AlertType[] = sent.filter((type) => changes[type] === true);
    await this.notifications.setMutes(userId, off, on);
    return this.get(userId);
  }
}
