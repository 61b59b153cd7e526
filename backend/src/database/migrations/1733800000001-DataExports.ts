import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's data exports (POST /api/me/export): one row per request, built by the `exports/build`
 * job into a ZIP under EXPORT_DIR (`file`), downloadable by its owner until 7 days after the request,
 * then deleted with its file by `exports/cleanup`. The rows go with the account (its files with the
 * next cleanup). At most one export per 7 days: the last request's time is read by (user_id, requested_at).
 */
export class DataExports1733800000001 implements MigrationInterface {
  name = 'DataExports1733800000001';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS data_exports (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
        requested_at timestamptz NOT NULL DEFAULT now(),
        ready_at timestamptz,
        file text,
        bytes bigint
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS data_exports_user_recent ON data_exports (user_id, requested_at DESC)`);
    await q.query(`CREATE INDEX IF NOT EXISTS data_exports_requested ON data_exports (requested_at)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS data_exports`);
  }
}
