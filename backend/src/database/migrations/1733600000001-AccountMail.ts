import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account's mail (issue 30, decision 0092). `users.email_verified`: the address was proven by a
 * link sent to it (accounts from before stay unverified: their address never was); `pending_email`:
 * an address asked for in an e-mail change, which replaces `email` once its link is followed.
 * `account_tokens`: the links' tokens, stored as their SHA-256 only, each for one purpose, until
 * `expires_at`, once (`used_at`). A reset link voids the account's older ones (marked used).
 */
export class AccountMail1733600000001 implements MigrationInterface {
  name = 'AccountMail1733600000001';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false, ADD COLUMN pending_email citext`);
    await q.query(`
      CREATE TABLE account_tokens (
        id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose     text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
        token_hash  bytea NOT NULL CONSTRAINT account_tokens_hash_key UNIQUE,
        email       citext,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS account_tokens`);
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS pending_email, DROP COLUMN IF EXISTS email_verified`);
  }
}
