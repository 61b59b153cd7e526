import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The global feed order with the author carried in the index, so the following feed of a viewer
 * who follows many accounts can walk it index-only and keep the followed authors' posts
 * (feed.sql.ts, the 'walk' plan). Same keys and predicate as posts_feed.
 */
export class FollowingFeedIndex1732300000000 implements MigrationInterface {
  name = 'FollowingFeedIndex1732300000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS posts_feed_authors ON posts (created_at DESC, id DESC) INCLUDE (user_id) WHERE parent_id IS NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS posts_feed_authors`);
  }
}
