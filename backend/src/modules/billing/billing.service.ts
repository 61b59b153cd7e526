import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import { GroupId, isAdmin, MESSAGES, PAID_GROUP_IDS, SUBSCRIPTION_PAID_STATUS, type SubscribeResult, type Subscription, type WebhookResult } from '@cloud9/contracts';
import { PlansService } from '../plans/plans.service';
import type { SessionUser } from '../users/public';
import { PayPalClient, PayPalError, type PayPalSubscription, type WebhookHeaders } from './paypal.client';
import type { GroupMove } from '../../common/events/event-map';
import { AccountsService } from '../users/accounts.service';
import type { Db } from '../../common/db/database';
import { BillingRepository, type SubscriptionRow } from './billing.repository';

/** PayPal statuses a new subscription may have to be accepted. */
const ACCEPTED_STATUSES = new Set(['ACTIVE', 'APPROVED']);
/** APPROVED is pending until PayPal says ACTIVE: by the ACTIVATED webhook, or when the sweep asks. */
const PAID_STATUS = SUBSCRIPTION_PAID_STATUS;
/** PayPal statuses that wait for PayPal to decide: nothing changes on our side. */
const PENDING_STATUSES = new Set(['APPROVED', 'APPROVAL_PENDING']);
/** Statuses that keep the paid group (PAYMENT_FAILED: PayPal retries; no downgrade yet). */
const LIVE_STATUSES = [PAID_STATUS, 'PAYMENT_FAILED'];
/** How many subscriptions one sweep asks PayPal about at most (the rest wait for the next run). */
const RECHECK_BATCH = 100;
const ENDED_EVENTS: Record<string, string> = {
  'BILLING.SUBSCRIPTION.CANCELLED': 'CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED': 'EXPIRED',
};
const PAYMENT_FAILED_EVENTS = new Set(['BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'PAYMENT.FAILED']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);
/** Groups an account leaves for a plan: members; admins and staff keep their role. */
const MEMBER_GROUP_IDS = [GroupId.Basic, ...PAID_GROUP_IDS];

/** Binds verified PayPal subscriptions to accounts, applies PayPal webhooks once, and downgrades ended ones. */
@Injectable()
export class BillingService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly billing: BillingRepository,
    private readonly paypal: PayPalClient,
    private readonly plans: PlansService,
    private readonly accounts: AccountsService,
  ) {}

  /** POST /api/subscriptions: trusted only once PayPal confirmed the id, its status and its plan. */
  async subscribe(user: SessionUser, subscriptionId: string, groupId: number): Promise<SubscribeResult> {
    if (!this.paypal.configured) throw new ServiceUnavailableException(MESSAGES.payment.notConfigured);
    if (!PAID_GROUP_IDS.includes(groupId)) throw new BadRequestException(MESSAGES.payment.invalidGroup);
    const plan = await this.plans.get(groupId);
    if (!plan.isAvailable) throw new BadRequestException(MESSAGES.payment.comingSoon(plan.name));
    if (!plan.paypalPlanId) throw new ServiceUnavailableException(MESSAGES.payment.notConfigured);

    await this.assertNotTaken(subscriptionId, user.id);
    const remote = await this.fetchSubscription(subscriptionId);
    if (!remote) throw new BadRequestException(MESSAGES.payment.subscriptionNotFound);
    if (!ACCEPTED_STATUSES.has(remote.status)) throw new BadRequestException(MESSAGES.payment.subscriptionNotActive(remote.status));
    if (remote.planId !== plan.paypalPlanId) throw new BadRequestException(MESSAGES.payment.planMismatch);

    const { row, moves } = await this.billing.transaction(async (trx) => {
      const saved = await this.billing.bind(trx, {
        userId: user.id, providerSubscriptionId: remote.id, groupId, status: remote.status, currentPeriodEnd: remote.nextBillingTime,
      });
      if (!saved) throw new ConflictException(MESSAGES.payment.subscriptionTaken);
      // APPROVED is recorded and answered as pending: the plan starts once PayPal says ACTIVE.
      const paid = remote.status === PAID_STATUS;
      return { row: saved, moves: paid ? await this.accounts.moveToGroup(trx, [user.id], groupId, MEMBER_GROUP_IDS) : [] };
    });
    const newGroupId = moves.length ? groupId : user.group_id;

    // The limits of the group the account is in now: the plan's, or an admin's or staff's own.
    const group = newGroupId === groupId ? plan : await this.plans.get(newGroupId);
    return {
      success: true,
      subscription: this.toSubscription(row, plan.name),
      groupId: newGroupId,
      limits: { postLimit: group.postLimit, mediaLimit: group.mediaLimit, editTimeout: group.editTimeout, priorityBoost: group.priorityBoost },
    };
  }

  /**
   * GET /api/get-subscription/:userId — own or admin; the newest subscription, after the downgrade
   * sweep, or null (200, empty body) for an account that never subscribed: having none is a normal
   * state of most accounts, not a missing resource, so Settings' first load requests nothing that fails.
   */
  async getSubscription(viewer: SessionUser, userId: number): Promise<Subscription | null> {
    if (viewer.id !== userId && !isAdmin(viewer.group_id)) throw new ForbiddenException(MESSAGES.payment.onlyOwnSubscription);
    await this.billing.transaction((trx) => this.downgradeExpired(trx, userId));
    const row = await this.billing.newestOf(userId);
    return row ? this.toSubscription(row, row.plan_name) : null;
  }

  /**
   * The repeating sweep: asks PayPal again about subscriptions past their period or pending for over
   * an hour (a webhook may never have come) and applies its answers, then downgrades every lapsed
   * member (each move announced by its transaction: account.moved).
   */
  async sweep(): Promise<{ downgraded: number[]; asked: number }> {
    const { asked, moves: recheckMoves } = await this.recheckWithPayPal();
    const moves = [...recheckMoves, ...(await this.billing.transaction((trx) => this.downgradeExpired(trx)))];
    return { downgraded: moves.filter((m) => m.groupId === GroupId.Basic).map((m) => m.userId), asked };
  }

  /**
   * One PayPal lookup per subscription due (RECHECK_BATCH at most, least recently asked first). The
   * answer is applied only if the row has not changed since it was read (a webhook may have come
   * meanwhile); the first provider failure ends the round (PayPal is away; the next sweep asks again).
   */
  private async recheckWithPayPal(): Promise<{ asked: number; moves: GroupMove[] }> {
    if (!this.paypal.configured) return { asked: 0, moves: [] };
    const due = await this.billing.toRecheck(RECHECK_BATCH);
    const moves: GroupMove[] = [];
    let asked = 0;
    for (const sub of due) {
      let remote: PayPalSubscription | null;
      try {
        remote = await this.paypal.getSubscription(sub.provider_subscription_id);
      } catch (error) {
        this.logger.warn(`sweep: PayPal did not answer for ${sub.provider_subscription_id} (${(error as Error).message}); next sweep asks again`);
        break;
      }
      asked++;
      moves.push(...(await this.billing.transaction((trx) => this.applyRemote(trx, sub.id, sub.last_change, remote))));
      await this.billing.markChecked(sub.id);
    }
    return { asked, moves };
  }

  /**
   * PayPal's present answer about one subscription: ACTIVE is paid (the plan's group, the new period
   * end), APPROVED stays pending, any other status ends it (the group is kept until the period ends);
   * a subscription PayPal no longer knows is ended too (EXPIRED).
   */
  private async applyRemote(trx: Db, id: number, lastChange: string, remote: PayPalSubscription | null): Promise<GroupMove[]> {
    const row = await this.billing.lockUnchanged(trx, id, lastChange);
    if (!row) return [];
    if (remote && PENDING_STATUSES.has(remote.status)) return [];
    if (remote?.status === PAID_STATUS) {
      const groupId = (await this.groupOfPlan(remote.planId)) ?? row.group_id;
      await this.billing.activate(trx, row.id, groupId, remote.nextBillingTime);
      return this.accounts.moveToGroup(trx, [row.user_id], groupId, MEMBER_GROUP_IDS);
    }
    const status = remote?.status ?? 'EXPIRED';
    this.logger.log(`sweep: PayPal says ${row.provider_subscription_id} is ${remote ? status : 'unknown'}`);
    await this.billing.setStatus(trx, row.id, status);
    return this.downgradeExpired(trx, row.user_id);
  }

  /**
   * Moves back to Basic every paid member whose subscriptions have all ended (no live status and
   * current_period_end null or past); `userId` limits it to one account.
   */
  private async downgradeExpired(trx: Db, userId?: number): Promise<GroupMove[]> {
    const ended = await this.billing.endedSubscribers(trx, LIVE_STATUSES, userId ?? null);
    const moves = await this.accounts.moveToGroup(trx, ended, GroupId.Basic, PAID_GROUP_IDS);
    if (moves.length) this.logger.log(`downgraded to Basic after their subscription ended: ${moves.map((m) => m.userId).join(', ')}`);
    return moves;
  }

  /** POST /api/webhooks/paypal: verified with PayPal, then each event id applied once. */
  async handleWebhook(rawHeaders: Record<string, string | string[] | undefined>, event: unknown, rawBody: string | undefined): Promise<WebhookResult> {
    if (!this.paypal.configured) throw new ServiceUnavailableException(MESSAGES.payment.notConfigured);
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
    const createTime = typeof event.create_time === 'string' && !Number.isNaN(Date.parse(event.create_time)) ? new Date(event.create_time) : null;
    const outcome = await this.billing.transaction(async (trx) => {
      if (!(await this.billing.recordWebhookEvent(trx, eventId, eventType))) return { result: { success: true, duplicate: true } as WebhookResult, moves: [] };
      const moves = await this.applyEvent(trx, eventId, eventType, createTime, resource);
      return { result: moves === null ? ({ success: true, ignored: true } as WebhookResult) : ({ success: true } as WebhookResult), moves: moves ?? [] };
    });
    return outcome.result;
  }

  /** Applies one verified event; the group moves it made, or null when it was ignored. */
  private async applyEvent(trx: Db, eventId: string, eventType: string, createTime: Date | null, resource: Json): Promise<GroupMove[] | null> {
    const handled = eventType === 'BILLING.SUBSCRIPTION.ACTIVATED' || eventType in ENDED_EVENTS || PAYMENT_FAILED_EVENTS.has(eventType);
    if (!handled) return null;
    // Subscription events carry the subscription as the resource; payment events name it billing_agreement_id.
    const subscriptionId = typeof resource.billing_agreement_id === 'string' ? resource.billing_agreement_id : typeof resource.id === 'string' ? resource.id : null;
    const row = subscriptionId ? await this.billing.lockByProviderId(trx, subscriptionId) : undefined;
    if (!row) {
      this.logger.warn(`webhook ${eventId} (${eventType}) for unknown subscription ${subscriptionId ?? '(none)'}: ignored`);
      return null;
    }
    // PayPal does not deliver in order and retries for days: an event made before the row's last
    // change (a newer event, or PayPal's own answer to a lookup) would put an older state back.
    if (createTime && createTime < new Date(row.updated_at)) {
      this.logger.warn(`webhook ${eventId} (${eventType}) of ${createTime.toISOString()} is older than the subscription's last change: ignored`);
      return null;
    }
    const billing = isObject(resource.billing_info) ? resource.billing_info : {};
    const next = typeof billing.next_billing_time === 'string' && !Number.isNaN(Date.parse(billing.next_billing_time)) ? new Date(billing.next_billing_time) : null;

    if (eventType === 'BILLING.SUBSCRIPTION.ACTIVATED') {
      const planGroup = typeof resource.plan_id === 'string' ? await this.groupOfPlan(resource.plan_id) : null;
      const groupId = planGroup ?? row.group_id;
      await this.billing.activate(trx, row.id, groupId, next);
      return this.accounts.moveToGroup(trx, [row.user_id], groupId, MEMBER_GROUP_IDS);
    }
    if (eventType in ENDED_EVENTS) {
      await this.billing.setStatus(trx, row.id, ENDED_EVENTS[eventType]);
      // Keeps the paid group until current_period_end; at once when that is null or past.
      return this.downgradeExpired(trx, row.user_id);
    }
    await this.billing.setStatus(trx, row.id, 'PAYMENT_FAILED');
    return [];
  }

  private async groupOfPlan(planId: string): Promise<number | null> {
    const plans = await this.plans.list();
    return plans.find((p) => p.paypalPlanId === planId)?.id ?? null;
  }

  private async assertNotTaken(subscriptionId: string, userId: number): Promise<void> {
    const owner = await this.billing.ownerOf(subscriptionId);
    if (owner !== null && owner !== userId) throw new ConflictException(MESSAGES.payment.subscriptionTaken);
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
