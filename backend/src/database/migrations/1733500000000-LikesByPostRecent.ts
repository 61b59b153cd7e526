import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post's likers, newest like first (GET /api/posts/:id/likes), keyset on (created_at, user_id):
 * the index on (post_id) alone made each page sort every like of the post. The new index leads with
 * post_id, so it serves the lookups by post that the old one did (the cascade on post deletion,
 * the recount), and the old one goes.
 */
export class LikesByPostRecent1733500000000 implements MigrationInterface {
  name = 'LikesByPostRecent1733500000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS likes_post_recent ON likes (post_id, created_at DESC, user_id DESC)`);
    await q.query(`DROP INDEX IF EXISTS likes_post`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS likes_post ON likes (post_id)`);
    await q.query(`DROP INDEX IF EXISTS likes_post_recent`);
  }
}
