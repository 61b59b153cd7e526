import { Injectable } from '@nestjs/common';
import { CompiledQuery, type Selectable } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import type { Subscriptions } from '../../database/schema';

export type SubscriptionRow = Selectable<Subscriptions>;

const rowsOf = async <T>(db: Db, text: string, values: unknown[]): Promise<T[]> => (await db.executeQuery<T>(CompiledQuery.raw(text, values))).rows;

/** The subscriptions and webhook_events tables: the only code that reads or writes them. */
@Injectable()
export class BillingRepository extends DomainRepository {
  constructor(database: Database) {
    super(database);
  }

  /** The account a provider subscription is bound to, if any. */
  async ownerOf(providerSubscriptionId: string): Promise<number | null> {
    const row = await this.database.db
      .selectFrom('subscriptions')
      .select('user_id')
      .where('provider_subscription_id', '=', providerSubscriptionId)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /**
   * Binds a confirmed PayPal subscription to the account, or refreshes it when it is already that
   * account's: upserts only when the id is free or already ours, so a concurrent bind to another
   * account gets no row (undefined).
   */
  async bind(trx: Db, s: { userId: number; providerSubscriptionId: string; groupId: number; status: string; currentPeriodEnd: Date | null }): Promise<SubscriptionRow | undefined> {
    const [row] = await rowsOf<SubscriptionRow>(
      trx,
      `INSERT INTO subscriptions (user_id, provider, provider_subscription_id, group_id, status, current_period_end)
         VALUES ($1, 'paypal', $2, $3, $4, $5)
         ON CONFLICT (provider_subscription_id) DO UPDATE
           SET group_id = EXCLUDED.group_id, status = EXCLUDED.status,
               current_period_end = COALESCE(EXCLUDED.current_period_end, subscriptions.current_period_end), updated_at = now()
           WHERE subscriptions.user_id = EXCLUDED.user_id
         RETURNING *`,
      [s.userId, s.providerSubscriptionId, s.groupId, s.status, s.currentPeriodEnd],
    );
    return row;
  }

  /** The account's newest subscription with its plan's name. */
  async newestOf(userId: number): Promise<(SubscriptionRow & { plan_name: string }) | undefined> {
    const [row] = await rowsOf<SubscriptionRow & { plan_name: string }>(
      this.database.db,
      `SELECT s.*, g.name AS plan_name FROM subscriptions s JOIN groups g ON g.id = s.group_id
       WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
      [userId],
    );
    return row;
  }

  /**
   * Accounts (all, or only `userId`) that have subscriptions and none of them live: no status in
   * `liveStatuses` and no current_period_end still ahead.
   */
  async endedSubscribers(trx: Db, liveStatuses: readonly string[], userId: number | null): Promise<number[]> {
    const rows = await rowsOf<{ user_id: number }>(
      trx,
      `SELECT DISTINCT s.user_id FROM subscriptions s
        WHERE ($2::bigint IS NULL OR s.user_id = $2)
          AND NOT EXISTS (SELECT 1 FROM subscriptions l WHERE l.user_id = s.user_id
                          AND (l.status = ANY($1::text[]) OR l.current_period_end > now()))`,
      [liveStatuses, userId],
    );
    return rows.map((r) => r.user_id);
  }

  /** Records a webhook event id; false when it was already applied. */
  async recordWebhookEvent(trx: Db, eventId: string, eventType: string): Promise<boolean> {
    const inserted = await rowsOf(trx, `INSERT INTO webhook_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`, [eventId, eventType]);
    return inserted.length > 0;
  }

  /** The subscription with this provider id, locked for the rest of `trx`. */
  async lockByProviderId(trx: Db, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await rowsOf<SubscriptionRow>(trx, `SELECT * FROM subscriptions WHERE provider_subscription_id = $1 FOR UPDATE`, [providerSubscriptionId]);
    return row;
  }

  /**
   * Subscriptions to ask PayPal about again, least recently asked first, each at most once an hour:
   * ACTIVE or PAYMENT_FAILED past their paid period (a renewal or an end whose webhook never came),
   * and APPROVED (pending) for over an hour since their last change. `last_change` is updated_at as
   * text (microseconds kept), to apply the answer only if the row did not change meanwhile.
   */
  async toRecheck(limit: number): Promise<Array<Pick<SubscriptionRow, 'id' | 'provider_subscription_id'> & { last_change: string }>> {
    return rowsOf(
      this.database.db,
      `SELECT id, provider_subscription_id, updated_at::text AS last_change FROM subscriptions
        WHERE ((status IN ('ACTIVE', 'PAYMENT_FAILED') AND current_period_end < now())
               OR (status = 'APPROVED' AND updated_at < now() - interval '1 hour'))
          AND (checked_at IS NULL OR checked_at < now() - interval '1 hour')
        ORDER BY checked_at NULLS FIRST, id
        LIMIT $1`,
      [limit],
    );
  }

  /** Records that PayPal was asked (not a change of the subscription: updated_at stays). */
  async markChecked(id: number): Promise<void> {
    await rowsOf(this.database.db, `UPDATE subscriptions SET checked_at = now() WHERE id = $1`, [id]);
  }

  /** The subscription locked for the rest of `trx`, if it has not changed since `lastChange` (updated_at as text). */
  async lockUnchanged(trx: Db, id: number, lastChange: string): Promise<SubscriptionRow | undefined> {
    const [row] = await rowsOf<SubscriptionRow>(trx, `SELECT * FROM subscriptions WHERE id = $1 AND updated_at = $2::timestamptz FOR UPDATE`, [id, lastChange]);
    return row;
  }

  async activate(trx: Db, id: number, groupId: number, currentPeriodEnd: Date | null): Promise<void> {
    await rowsOf(
      trx,
      `UPDATE subscriptions SET status = 'ACTIVE', group_id = $2, current_period_end = COALESCE($3, current_period_end), updated_at = now() WHERE id = $1`,
      [id, groupId, currentPeriodEnd],
    );
  }

  async setStatus(trx: Db, id: number, status: string): Promise<void> {
    await rowsOf(trx, `UPDATE subscriptions SET status = $2, updated_at = now() WHERE id = $1`, [id, status]);
  }
}
