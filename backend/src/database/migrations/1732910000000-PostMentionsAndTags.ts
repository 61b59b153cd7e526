import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mentions and hashtags found in a post's text. The post row carries both as arrays, in text order,
 * for the wire (a page reads them with its rows, no extra statement): `mention_ids` are account ids
 * (shown by their current username, only while the account exists), `tags` the normalised tags.
 * post_mentions and post_tags hold the same facts as rows for lookups: the tag feed walks
 * post_tags_feed in the feeds' keyset order; trending reads the last day through post_tags_recent
 * (index-only); post_mentions_user finds the posts that mention an account.
 */
export class PostMentionsAndTags1732910000000 implements MigrationInterface {
  name = 'PostMentionsAndTags1732910000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN mention_ids bigint[] NOT NULL DEFAULT '{}', ADD COLUMN tags text[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      CREATE TABLE post_mentions (
        post_id bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (post_id, user_id)
      )`);
    await q.query(`CREATE INDEX post_mentions_user ON post_mentions (user_id)`);
    // created_at and user_id are the post's (neither ever changes), copied so the tag feed and trending never touch posts.
    await q.query(`
      CREATE TABLE post_tags (
        post_id    bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        tag        text NOT NULL CHECK (tag <> '' AND tag = lower(tag)),
        user_id    bigint NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (post_id, tag)
      )`);
    await q.query(`CREATE INDEX post_tags_feed ON post_tags (tag, created_at DESC, post_id DESC)`);
    await q.query(`CREATE INDEX post_tags_recent ON post_tags (created_at) INCLUDE (tag, user_id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS post_tags`);
    await q.query(`DROP TABLE IF EXISTS post_mentions`);
    await q.query(`ALTER TABLE posts DROP COLUMN IF EXISTS tags, DROP COLUMN IF EXISTS mention_ids`);
  }
}
