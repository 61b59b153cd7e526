import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn credentials) of accounts: the credential's id (base64url, as browsers name it) is
 * unique across accounts; its public key (COSE) and signature counter are what each sign-in is checked
 * against. `user_handle` is the account's WebAuthn user id (random, the same for all its passkeys), so
 * an authenticator never learns the account's row id.
 */
export class Passkeys1733900000000 implements MigrationInterface {
  name = 'Passkeys1733900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE passkeys (
        id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        credential_id text NOT NULL CONSTRAINT passkeys_credential_key UNIQUE,
        public_key    bytea NOT NULL,
        sign_count    bigint NOT NULL DEFAULT 0,
        transports    text[] NOT NULL DEFAULT '{}',
        user_handle   text NOT NULL,
        name          text NOT NULL,
        synced        boolean NOT NULL DEFAULT false,
        created_at    timestamptz NOT NULL DEFAULT now(),
        last_used_at  timestamptz
      )
    `);
    await q.query(`CREATE INDEX passkeys_user ON passkeys (user_id, id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS passkeys`);
  }
}
