import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { GroupId, isAdmin, MESSAGES, PAID_GROUP_IDS, type SubscribeResult, type Subscription, type WebhookResult } from '@cloud9/contracts';
import { PlansService } from '../plans/plans.service';
import type { SessionUser } from '../users/session-user';
import { PayPalClient, PayPalError, type PayPalSubscription, type WebhookHeaders } from './paypal.client';
import { RealtimeService } from '../realtime/realtime.service';

/** PayPal statuses a new subscription may have to be accepted. */
const ACCEPTED_STATUSES = new Set(['ACTIVE', 'APPROVED']);
/** Statuses that keep the paid group (PAYMENT_FAILED: PayPal retries; no downgrade yet). */
const LIVE_STATUSES = ['ACTIVE', 'APPROVED', 'PAYMENT_FAILED'];
const ENDED_EVENTS: Record<string, string> = {
  'BILLING.SUBSCRIPTION.CANCELLED': 'CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED': 'EXPIRED',
};
const PAYMENT_FAILED_EVENTS = new Set(['BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'PAYMENT.FAILED']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
/** TypeORM's query() answers UPDATE ... RETURNING with [rows, count] and other statements with the rows. */
const returned = <T>(result: unknown): T[] => (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? (result[0] as T[]) : (result as T[]));

interface SubscriptionRow {
  id: string;
  user_id: string;
  provider_subscription_id: string;
  group_id: number;
  status: string;
  current_period_end: Date | null;
  created_at: Date;
}

/** Binds verified PayPal subscriptions to accounts, applies PayPal webhooks once, and downgrades ended ones. */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('Billing');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly paypal: PayPalClient,
    private readonly plans: PlansService,
    private readonly realtime: RealtimeService,
  ) {}

  /** Tells each account's open tabs its group now, so limits follow without a reload (after commit). */
  private async announceGroups(userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    const rows = (await this.db.query(`SELECT id, group_id FROM users WHERE id = ANY($1::bigint[])`, [userIds])) as Array<{ id: string; group_id: number }>;
    for (const row of rows) this.realtime.toUser(Number(row.id), 'account:updated', { group_id: Number(row.group_id) });
  }

  /** POST /api/subscriptions: trusted only once PayPal confirmed the id, its status and its plan. */
  async subscribe(user: SessionUser, subscriptionId: string, groupId: number): Promise<SubscribeResult> {
    if (!this.paypal.configured) throw new ServiceUnavailableException(MESSAGES.payment.notConfigured);
    if (!PAID_GROUP_IDS.includes(groupId)) throw new BadRequestException(MESSAGES.payment.invalidGroup);
    const plan = await this.plans.get(groupId);
    if (!plan.isAvailable) throw new BadRequestException(MESSAGES.payment.comingSoon(plan.name));
    if (!plan.paypalPlanId) throw new ServiceUnavailableException(MESSAGES.payment.notConfigured);

    await this.assertNotTaken(this.db.manager, subscriptionId, user.id);
    const remote = await this.fetchSubscription(subscriptionId);
    if (!remote) throw new BadRequestException(MESSAGES.payment.subscriptionNotFound);
    if (!ACCEPTED_STATUSES.has(remote.status)) throw new BadRequestException(MESSAGES.payment.subscriptionNotActive(remote.status));
    if (remote.planId !== plan.paypalPlanId) throw new BadRequestException(MESSAGES.payment.planMismatch);

    const { row, newGroupId } = await this.db.transaction(async (m) => {
      // Upsert only when the id is free or already ours: a concurrent bind to another account gets no row.
      const [saved] = (await m.query(
        `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, group_id, status, current_period_end)
         VALUES ($1, 'paypal', $2, $3, $4, $5)
         ON CONFLICT (provider_subscription_id) DO UPDATE
           SET group_id = EXCLUDED.group_id, status = EXCLUDED.status,
               current_period_end = COALESCE(EXCLUDED.current_period_end, subscriptions.current_period_end), updated_at = now()
           WHERE subscriptions.user_id = EXCLUDED.user_id
         RETURNING *`,
        [user.id, remote.id, groupId, remote.status, remote.nextBillingTime],
      )) as SubscriptionRow[];
      if (!saved) throw new ConflictException(MESSAGES.payment.subscriptionTaken);
      // Admins and staff keep their role; members move to the paid group.
      const [updated] = returned<{ group_id: number }>(
        await m.query(`UPDATE users SET group_id = CASE WHEN group_id >= $3 THEN $1 ELSE group_id END, updated_at = now() WHERE id = $2 RETURNING group_id`, [
          groupId,
          user.id,
          GroupId.Basic,
        ]),
      );
      return { row: saved, newGroupId: updated?.group_id ?? groupId };
    });
    await this.announceGroups([user.id]);

    // The limits of the group the account is in now: the plan's, or an admin's or staff's own.
    const group = newGroupId === groupId ? plan : await this.plans.get(newGroupId);
    return {
      success: true,
      subscription: this.toSubscription(row, plan.name),
      groupId: newGroupId,
      limits: { postLimit: group.postLimit, mediaLimit: group.mediaLimit, editTimeout: group.editTimeout, priorityBoost: group.priorityBoost },
    };
  }

  /** GET /api/get-subscription/:userId — own or admin; the newest subscription, after the downgrade sweep. */
  async getSubscription(viewer: SessionUser, userId: number): Promise<Subscription> {
    if (viewer.id !== userId && !isAdmin(viewer.group_id)) throw new ForbiddenException(MESSAGES.payment.onlyOwnSubscription);
    await this.announceGroups(await this.downgradeExpired(userId));
    const [row] = (await this.db.query(
      `SELECT s.*, g.name AS plan_name FROM subscriptions s JOIN groups g ON g.id = s.group_id
       WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
      [userId],
    )) as Array<SubscriptionRow & { plan_name: string }>;
    if (!row) throw new NotFoundException(MESSAGES.payment.noSubscription);
    return this.toSubscription(row, row.plan_name);
  }

  /**
   * Moves back to Basic every paid member whose subscriptions have all ended (no live status and
   * current_period_end null or past). For the jobs scheduler; `userId` limits it to one account.
   * Returns the ids downgraded.
   */
  /** The repeating sweep: downgrades every lapsed member and tells their open tabs. */
  async sweepExpired(): Promise<number[]> {
    const ids = await this.downgradeExpired();
    await this.announceGroups(ids);
    return ids;
  }

  async downgradeExpired(userId?: number, manager: EntityManager = this.db.manager): Promise<number[]> {
    const rows = returned<{ id: string }>(
      await manager.query(
      `UPDATE users u SET group_id = $1, updated_at = now()
       WHERE u.group_id = ANY($2::smallint[]) AND ($4::bigint IS NULL OR u.id = $4)
         AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id)
         AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = u.id
                         AND (s.status = ANY($3::text[]) OR s.current_period_end > now()))
       RETURNING u.id`,
        [GroupId.Basic, PAID_GROUP_IDS, LIVE_STATUSES, userId ?? null],
      ),
    );
    const ids = rows.map((r) => Number(r.id));
    if (ids.length) this.logger.log(`downgraded to Basic after their subscription ended: ${ids.join(', ')}`);
    return ids;
  }

  /** POST /api/webhooks/paypal: verified with PayPal, then each event id applied once. */
  async handleWebhook(rawHeaders: Record<string, string | string[] | undefined>, event: unknown, rawBody: string | undefined): Promise<WebhookResult> {
    if (!this.paypal.webhooksConfigured) throw new ServiceUnavailableException(MESSAGES.payment.notConfigured);
    const header = (name: string) => {
      const value = rawHeaders[name];
      return typeof value === 'string' && value.trim() ? value.trim() : null;
    };
    const headers: Partial<WebhookHeaders> = {
      authAlgo: header('paypal-auth-algo') ?? undefined,
      certUrl: header('paypal-cert-url') ?? undefined,
      transmissionId: header('paypal-transmission-id') ?? undefined,
      transmissionSig: header('paypal-transmission-sig') ?? undefined,
      transmissionTime: header('paypal-transmission-time') ?? undefined,
    };
    if (Object.values(headers).some((v) => !v) || !rawBody || !isObject(event) || typeof event.id !== 'string' || typeof event.event_type !== 'string') {
      throw new BadRequestException(MESSAGES.payment.webhookInvalid);
    }
    let verified: boolean;
    try {
      verified = await this.paypal.verifyWebhook(headers as WebhookHeaders, rawBody);
    } catch (error) {
      throw this.providerError(error);
    }
    if (!verified) {
      this.logger.warn(`webhook ${event.id} (${event.event_type}) failed verification`);
      throw new BadRequestException(MESSAGES.payment.webhookInvalid);
    }

    const eventId = event.id;
    const eventType = event.event_type;
    const resource = isObject(event.resource) ? event.resource : {};
    const outcome = await this.db.transaction(async (m) => {
      const inserted = (await m.query(`INSERT INTO webhook_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`, [
        eventId,
        eventType,
      ])) as unknown[];
      if (!inserted.length) return { result: { success: true, duplicate: true } as WebhookResult, userId: null };
      const userId = await this.applyEvent(m, eventId, eventType, resource);
      return { result: userId === null ? ({ success: true, ignored: true } as WebhookResult) : ({ success: true } as WebhookResult), userId };
    });
    if (outcome.userId !== null) await this.announceGroups([outcome.userId]);
    return outcome.result;
  }

  /** Applies one verified event; the account it concerns, or null when it was ignored. */
  private async applyEvent(m: EntityManager, eventId: string, eventType: string, resource: Json): Promise<number | null> {
    const handled = eventType === 'BILLING.SUBSCRIPTION.ACTIVATED' || eventType in ENDED_EVENTS || PAYMENT_FAILED_EVENTS.has(eventType);
    if (!handled) return null;
    // Subscription events carry the subscription as the resource; payment events name it billing_agreement_id.
    const subscriptionId = typeof resource.billing_agreement_id === 'string' ? resource.billing_agreement_id : typeof resource.id === 'string' ? resource.id : null;
    const [row] = subscriptionId
      ? ((await m.query(`SELECT * FROM subscriptions WHERE provider_subscription_id = $1 FOR UPDATE`, [subscriptionId])) as SubscriptionRow[])
      : [];
    if (!row) {
      this.logger.warn(`webhook ${eventId} (${eventType}) for unknown subscription ${subscriptionId ?? '(none)'}: ignored`);
      return null;
    }
    const billing = isObject(resource.billing_info) ? resource.billing_info : {};
    const next = typeof billing.next_billing_time === 'string' && !Number.isNaN(Date.parse(billing.next_billing_time)) ? new Date(billing.next_billing_time) : null;

    if (eventType === 'BILLING.SUBSCRIPTION.ACTIVATED') {
      const planGroup = typeof resource.plan_id === 'string' ? await this.groupOfPlan(resource.plan_id) : null;
      const groupId = planGroup ?? row.group_id;
      await m.query(
        `UPDATE subscriptions SET status = 'ACTIVE', group_id = $2, current_period_end = COALESCE($3, current_period_end), updated_at = now() WHERE id = $1`,
        [row.id, groupId, next],
      );
      await m.query(`UPDATE users SET group_id = $2, updated_at = now() WHERE id = $1 AND group_id >= $3`, [row.user_id, groupId, GroupId.Basic]);
    } else if (eventType in ENDED_EVENTS) {
      await m.query(`UPDATE subscriptions SET status = $2, updated_at = now() WHERE id = $1`, [row.id, ENDED_EVENTS[eventType]]);
      // Keeps the paid group until current_period_end; at once when that is null or past.
      await this.downgradeExpired(Number(row.user_id), m);
    } else {
      await m.query(`UPDATE subscriptions SET status = 'PAYMENT_FAILED', updated_at = now() WHERE id = $1`, [row.id]);
    }
    return Number(row.user_id);
  }

  private async groupOfPlan(planId: string): Promise<number | null> {
    const plans = await this.plans.list();
    return plans.find((p) => p.paypalPlanId === planId)?.id ?? null;
  }

  private async assertNotTaken(m: EntityManager, subscriptionId: string, userId: number): Promise<void> {
    const [row] = (await m.query(`SELECT user_id FROM subscriptions WHERE provider_subscription_id = $1`, [subscriptionId])) as Array<{ user_id: string }>;
    if (row && Number(row.user_id) !== userId) throw new ConflictException(MESSAGES.payment.subscriptionTaken);
  }

  private async fetchSubscription(id: string): Promise<PayPalSubscription | null> {
    try {
      return await this.paypal.getSubscription(id);
    } catch (error) {
      throw this.providerError(error);
    }
  }

  private providerError(error: unknown): Error {
    if (!(error instanceof PayPalError)) return error as Error;
    this.logger.warn(`PayPal: ${error.message}`);
    return new BadGatewayException(MESSAGES.payment.paypalError);
  }

  private toSubscription(row: SubscriptionRow, planName: string): Subscription {
    return { planName, subscriptionId: row.provider_subscription_id, status: row.status, createdAt: new Date(row.created_at).toISOString() };
  }
}
