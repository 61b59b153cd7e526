import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alert settings and grouped alerts. A row of `alert_mutes` turns one alert type off for its user
 * (no row: on, so every type defaults to on). The indexes serve the grouped list: the newest alert
 * of a post's likes or reposts (user_alerts_post_group), and one recipient's alerts of one type
 * newest first (a day's follows, the Mentions view).
 */
export class AlertSettings1732950000000 implements MigrationInterface {
  name = 'AlertSettings1732950000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE alert_mutes (
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type    text NOT NULL CHECK (type IN ('like', 'reply', 'repost', 'follow', 'mention')),
        PRIMARY KEY (user_id, type)
      )`);
    await q.query(`CREATE INDEX user_alerts_post_group ON user_alerts (post_id, type, created_at DESC, id DESC) WHERE post_id IS NOT NULL`);
    await q.query(`CREATE INDEX user_alerts_recipient_type ON user_alerts (recipient_id, type, created_at DESC, id DESC)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS user_alerts_recipient_type`);
    await q.query(`DROP INDEX IF EXISTS user_alerts_post_group`);
    await q.query(`DROP TABLE IF EXISTS alert_mutes`);
  }
}
