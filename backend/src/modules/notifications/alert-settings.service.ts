import { Injectable } from '@nestjs/common';
import { ALERT_TYPES, PUSH_TYPES, type AlertType, type NotificationSettings, type NotificationSettingsBody, type PushType } from '@cloud9/contracts';
import { NotificationsRepository } from './notifications.repository';

/**
 * Which alert types a user gets, and which of them (and staff notices) are pushed to their devices.
 * A type turned off is a row of alert_mutes, which every raise statement consults (alert-wanted.ts):
 * its alerts are then neither stored nor pushed. A push switch turned off is a row of push_mutes: the
 * alert is stored and shown, only not pushed (decision 0096).
 */
@Injectable()
export class AlertSettingsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  async get(userId: number): Promise<NotificationSettings> {
    const [muted, pushMuted] = await Promise.all([this.notifications.mutedTypes(userId), this.notifications.pushMutedTypes(userId)]);
    const alerts = Object.fromEntries(ALERT_TYPES.map((type) => [type, !muted.includes(type)])) as Record<AlertType, boolean>;
    const push = Object.fromEntries(PUSH_TYPES.map((type) => [type, !pushMuted.includes(type)])) as Record<PushType, boolean>;
    return { ...alerts, push };
  }

  /** The switches sent change; the others keep their value. Answers the whole set. */
  async save(userId: number, changes: NotificationSettingsBody): Promise<NotificationSettings> {
    const sent = ALERT_TYPES.filter((type) => typeof changes[type] === 'boolean');
    const off: AlertType[] = sent.filter((type) => changes[type] === false);
    const on: AlertType[] = sent.filter((type) => changes[type] === true);
    if (sent.length) await this.notifications.setMutes(userId, off, on);
    const push = changes.push ?? {};
    const pushSent = PUSH_TYPES.filter((type) => typeof push[type] === 'boolean');
    if (pushSent.length) {
      await this.notifications.setPushMutes(
        userId,
        pushSent.filter((type) => push[type] === false),
        pushSent.filter((type) => push[type] === true),
      );
    }
    return this.get(userId);
  }

  /** Which of `userIds` want pushes of `type` (their push switch is on). */
  async pushWanted(userIds: number[], type: PushType): Promise<Set<number>> {
    const muted = new Set(await this.notifications.pushMutedAmong(userIds, type));
    return new Set(userIds.filter((id) => !muted.has(id)));
  }
}
