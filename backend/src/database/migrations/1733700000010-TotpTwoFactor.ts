import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in with an authenticator app (issue 30, item 4; decision 0093). `totp_credentials`:
 * one per account, its secret encrypted (AES-256-GCM, `secret_enc`), `enabled_at` null while set up
 * but not confirmed, and `last_step`, the newest 30-second step a code was accepted for (a code is
 * accepted once: only later steps pass). `recovery_codes`: the account's current set, SHA-256 of
 * each, `used_at` once spent. Both go with the account.
 */
export class TotpTwoFactor1733700000010 implements MigrationInterface {
  name = 'TotpTwoFactor1733700000010';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE totp_credentials (
        user_id    bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret_enc text NOT NULL,
        enabled_at timestamptz,
        last_step  bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE recovery_codes (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash  text NOT NULL,
        used_at    timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS recovery_codes`);
    await q.query(`DROP TABLE IF EXISTS totp_credentials`);
  }
}
