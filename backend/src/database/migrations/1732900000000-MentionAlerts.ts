import { MigrationInterface, QueryRunner } from 'typeorm';

/** A post that mentions someone raises a `mention` alert for them. */
export class MentionAlerts1732900000000 implements MigrationInterface {
  name = 'MentionAlerts1732900000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_alerts DROP CONSTRAINT IF EXISTS user_alerts_type_check`);
    await q.query(`ALTER TABLE user_alerts ADD CONSTRAINT user_alerts_type_check CHECK (type IN ('like', 'reply', 'repost', 'follow', 'mention'))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM user_alerts WHERE type = 'mention'`);
    await q.query(`ALTER TABLE user_alerts DROP CONSTRAINT IF EXISTS user_alerts_type_check`);
    await q.query(`ALTER TABLE user_alerts ADD CONSTRAINT user_alerts_type_check CHECK (type IN ('like', 'reply', 'repost', 'follow'))`);
  }
}
