import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `latestSystemNotice` reads the newest notice change (max updated_at), and deleting a post withdraws
 * the alerts about it (and ON DELETE CASCADE finds them): both become single index lookups.
 */
export class NotificationIndexes1732400000000 implements MigrationInterface {
  name = 'NotificationIndexes1732400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS system_notices_updated ON system_notices (updated_at DESC)`);
    await q.query(`CREATE INDEX IF NOT EXISTS user_alerts_post ON user_alerts (post_id) WHERE post_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS user_alerts_post`);
    await q.query(`DROP INDEX IF EXISTS system_notices_updated`);
  }
}
