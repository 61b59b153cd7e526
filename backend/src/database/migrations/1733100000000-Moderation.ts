import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports and suspensions. A report names its target account always (a post's author), and the post
 * when it is about one (set null once the post is gone); `target_key` ('post:1', 'user:2') makes one
 * open report per reporter and target. The queue pages newest first by status (and reason).
 * A suspension is one row per account while it lasts; 'infinity' is for good.
 */
export class Moderation1733100000000 implements MigrationInterface {
  name = 'Moderation1733100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reports (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        reporter_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        target_type    text NOT NULL CHECK (target_type IN ('post', 'user')),
        target_key     text NOT NULL,
        target_user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        target_post_id bigint REFERENCES posts(id) ON DELETE SET NULL,
        reason         text NOT NULL CHECK (reason IN ('spam', 'harassment', 'illegal', 'other')),
        comment        text,
        post_ids       bigint[] NOT NULL DEFAULT '{}',
        status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
        action         text,
        action_text    text,
        handled_by     bigint REFERENCES users(id) ON DELETE SET NULL,
        handled_at     timestamptz,
        created_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, target_key) WHERE status = 'open'`);
    await q.query(`CREATE INDEX reports_queue ON reports (status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX reports_queue_reason ON reports (status, reason, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX reports_open_target ON reports (target_key) WHERE status = 'open'`);
    await q.query(`
      CREATE TABLE suspensions (
        user_id    bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        until      timestamptz NOT NULL,
        by_id      bigint REFERENCES users(id) ON DELETE SET NULL,
        reason     text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS suspensions`);
    await q.query(`DROP TABLE IF EXISTS reports`);
  }
}
