import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the billing sweep last asked PayPal about a subscription (null: never). Kept apart from
 * updated_at, the row's last change, which webhook events are judged against: asking changes nothing.
 * The sweep looks for rows past their period or pending (APPROVED), least recently asked first.
 */
export class SubscriptionChecks1733420100000 implements MigrationInterface {
  name = 'SubscriptionChecks1733420100000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions ADD COLUMN checked_at timestamptz`);
    await q.query(`CREATE INDEX subscriptions_to_check ON subscriptions (status, checked_at NULLS FIRST) WHERE status IN ('ACTIVE', 'APPROVED', 'PAYMENT_FAILED')`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS subscriptions_to_check`);
    await q.query(`ALTER TABLE subscriptions DROP COLUMN IF EXISTS checked_at`);
  }
}
