import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Secrets the app makes for itself when the operator gave none: the session secret of a deployment
 * without SESSION_SECRET (never production), shared by every instance (sharedSessionSecret).
 */
export class AppSecrets1733428000000 implements MigrationInterface {
  name = 'AppSecrets1733428000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_secrets (
        name       text PRIMARY KEY,
        value      text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS app_secrets`);
  }
}
