import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createPublicKey } from 'node:crypto';
import { MESSAGES, PUSH_RULES, type PushKey, type PushSubscriptionBody } from '@cloud9/contracts';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { NotificationStatusService } from '../notifications/notification-status.service';
import { judgeEndpoint } from './push-endpoint-policy';
import { PushDelivery } from './push-delivery';
import { testMessage } from './push-payloads';
import { PushRepository } from './push.repository';
import { VapidKeys } from './vapid-keys';

/** Whether a 65-byte uncompressed point lies on P-256 (the curve's own check, through a JWK). */
function isP256Point(point: Buffer): boolean {
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/**
 * An endpoint as subscriptions are stored (the URL's normal form); null for one that is no URL at all,
 * which no subscription has.
 */
const storedForm = (endpoint: string): string | null => (URL.canParse(endpoint) ? new URL(endpoint).href : null);

/**
 * The signed-in account's push subscriptions (decision 0096): one per device (browser profile), owned
 * by the account and the session that made it, so that ending the session removes it.
 */
@Injectable()
export class PushService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly repository: PushRepository,
    private readonly vapid: VapidKeys,
    private readonly delivery: PushDelivery,
    private readonly status: NotificationStatusService,
  ) {}

  key(): PushKey {
    return { publicKey: this.vapid.publicKey };
  }

  /** Stores (or moves and refreshes) the subscription; 400 for a hostile endpoint or keys that are not a P-256 point. */
  async subscribe(userId: number, sessionId: string, body: PushSubscriptionBody): Promise<void> {
    const endpoint = this.endpoint(body.endpoint);
    if (!isP256Point(Buffer.from(body.keys.p256dh, 'base64url'))) throw new BadRequestException(MESSAGES.push.invalidP256dh);
    await this.repository.save({ userId, sessionId, endpoint, p256dh: body.keys.p256dh.replace(/=+$/, ''), auth: body.keys.auth.replace(/=+$/, '') }, PUSH_RULES.perAccountMax);
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    const stored = storedForm(endpoint);
    if (stored) await this.repository.removeOwn(userId, stored);
  }

  /** Queues the test push to the caller's subscription with this endpoint (404 when the caller has none such). */
  async test(userId: number, endpoint: string): Promise<void> {
    const stored = storedForm(endpoint);
    const subscription = stored && (await this.repository.findOwn(userId, stored));
    if (!subscription) throw new NotFoundException(MESSAGES.push.subscriptionNotFound);
    const unseen = await this.status.unseenAlerts([userId]);
    await this.delivery.enqueueTest(subscription.id, testMessage(unseen.get(userId) ?? 0));
  }

  private endpoint(raw: string): string {
    const judged = judgeEndpoint(raw, this.settings.pushAllowPrivateEndpoints);
    if ('problem' in judged) throw new BadRequestException(judged.problem === 'private' ? MESSAGES.push.privateEndpoint : MESSAGES.push.invalidEndpoint);
    return judged.endpoint;
  }
}
