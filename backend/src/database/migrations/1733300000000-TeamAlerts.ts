import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alerts from the Cloud 9 team: a staff member's `warning` and `report-handled` (a reporter's report was
 * settled). They name no actor (the member sees the team, not the staff member; the audit log keeps who),
 * so actor_id may be null.
 */
export class TeamAlerts1733300000000 implements MigrationInterface {
  name = 'TeamAlerts1733300000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_alerts ALTER COLUMN actor_id DROP NOT NULL`);
    await q.query(`ALTER TABLE user_alerts DROP CONSTRAINT IF EXISTS user_alerts_type_check`);
    await q.query(`ALTER TABLE user_alerts ADD CONSTRAINT user_alerts_type_check CHECK (type IN ('like', 'reply', 'repost', 'follow', 'mention', 'warning', 'report-handled'))`);
    await q.query(`ALTER TABLE user_alerts ADD CONSTRAINT user_alerts_actor CHECK ((actor_id IS NULL) = (type IN ('warning', 'report-handled')))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM user_alerts WHERE type IN ('warning', 'report-handled')`);
    await q.query(`ALTER TABLE user_alerts DROP CONSTRAINT IF EXISTS user_alerts_actor`);
    await q.query(`ALTER TABLE user_alerts DROP CONSTRAINT IF EXISTS user_alerts_type_check`);
    await q.query(`ALTER TABLE user_alerts ADD CONSTRAINT user_alerts_type_check CHECK (type IN ('like', 'reply', 'repost', 'follow', 'mention'))`);
    await q.query(`ALTER TABLE user_alerts ALTER COLUMN actor_id SET NOT NULL`);
  }
}
