import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push (decision 0096).
 * - `push_vapid_keys` (push module): the one VAPID key pair every instance signs with when
 *   VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are unset; made once, the first insert wins.
 * - `push_subscriptions` (push module): a device's PushSubscription, owned by an account and the
 *   session that made it (ending the session removes it). The endpoint (a normalised URL, ASCII, at
 *   most 2,048 characters) is unique: posting it again moves it.
 * - `push_mutes` (notifications module, beside `alert_mutes`): the push switches a member turned off.
 */
export class WebPush1734000000000 implements MigrationInterface {
  name = 'WebPush1734000000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_vapid_keys (
        id          smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        public_key  text NOT NULL,
        private_key text NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )
    `);
    await q.query(`
      CREATE TABLE push_subscriptions (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        session_id text NOT NULL,
        endpoint   text NOT NULL CONSTRAINT push_subscriptions_endpoint_key UNIQUE CHECK (length(endpoint) <= 2048),
        p256dh     text NOT NULL,
        auth       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await q.query(`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, updated_at DESC, id DESC)`);
    await q.query(`CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id)`);
    await q.query(`
      CREATE TABLE push_mutes (
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type    text NOT NULL CHECK (type IN ('like', 'reply', 'repost', 'follow', 'mention', 'notice')),
        PRIMARY KEY (user_id, type)
      )
    `);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS push_mutes`);
    await q.query(`DROP TABLE IF EXISTS push_subscriptions`);
    await q.query(`DROP TABLE IF EXISTS push_vapid_keys`);
  }
}
