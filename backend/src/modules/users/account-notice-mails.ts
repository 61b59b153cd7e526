import { Injectable } from '@nestjs/common';
import type { EventPayload } from '../../common/events/event-map';
import { OnEvent } from '../../common/events/on-event.decorator';
import { MailService } from '../mail/mail.service';
import { UsersRepository } from './users.repository';

/**
 * The mails that tell a member what happened to their account: a sign-in from a new device (with the
 * way to the list of sessions), their data export ready, their account deleted. Each is queued under
 * a stable id, so an event handled twice sends one mail. The address is read when the event comes
 * (the member may have changed it since); a deleted account's travels with its event.
 */
@Injectable()
export class AccountNoticeMails {
  constructor(
    private readonly mail: MailService,
    private readonly users: UsersRepository,
  ) {}

  @OnEvent('auth.new-device-sign-in')
  async newDevice({ userId, device, place, at }: EventPayload<'auth.new-device-sign-in'>): Promise<void> {
    const user = await this.users.findById(userId);
    if (user) await this.mail.send(`new-sign-in-${userId}-${Date.parse(at)}`, { template: 'new-sign-in', to: user.email, username: user.username, device, place, at });
  }

  @OnEvent('export.ready')
  async exportReady({ userId, exportId, expiresAt }: EventPayload<'export.ready'>): Promise<void> {
    const user = await this.users.findById(userId);
    if (user) await this.mail.send(`export-ready-${exportId}`, { template: 'export-ready', to: user.email, username: user.username, expiresAt });
  }

  @OnEvent('account.closed')
  async closed({ userId, username, email }: EventPayload<'account.closed'>): Promise<void> {
    await this.mail.send(`account-deleted-${userId}`, { template: 'account-deleted', to: email, username });
  }
}
