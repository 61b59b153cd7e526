import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's saved posts, private to them. They go with the post or the account (cascade). The
 * list reads newest bookmark first (bookmarks_user_recent); bookmarks_post serves the cascade of a
 * deleted post.
 */
export class Bookmarks1732930000000 implements MigrationInterface {
  name = 'Bookmarks1732930000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE bookmarks (
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        post_id    bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, post_id)
      )`);
    await q.query(`CREATE INDEX bookmarks_user_recent ON bookmarks (user_id, created_at DESC, post_id DESC)`);
    await q.query(`CREATE INDEX bookmarks_post ON bookmarks (post_id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS bookmarks`);
  }
}
