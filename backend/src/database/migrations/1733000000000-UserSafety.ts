import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each member hides: accounts they mute or block, muted words and phrases, and posts they are
 * not interested in. Each list pages newest first (its `_recent` index); blocks are also looked up
 * from the blocked side (`user_blocks_target`), since a block hides both ways.
 */
export class UserSafety1733000000000 implements MigrationInterface {
  name = 'UserSafety1733000000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const table of ['user_mutes', 'user_blocks']) {
      await q.query(`
        CREATE TABLE ${table} (
          user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          target_id  bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (user_id, target_id),
          CHECK (user_id <> target_id)
        )`);
      await q.query(`CREATE INDEX ${table}_recent ON ${table} (user_id, created_at DESC, target_id DESC)`);
    }
    await q.query(`CREATE INDEX user_blocks_target ON user_blocks (target_id, user_id)`);
    await q.query(`CREATE INDEX user_mutes_target ON user_mutes (target_id)`);
    await q.query(`
      CREATE TABLE muted_words (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        word       text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX muted_words_user_word ON muted_words (user_id, lower(word))`);
    await q.query(`
      CREATE TABLE post_not_interested (
        user_id    bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        post_id    bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, post_id)
      )`);
    await q.query(`CREATE INDEX post_not_interested_post ON post_not_interested (post_id)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS post_not_interested`);
    await q.query(`DROP TABLE IF EXISTS muted_words`);
    await q.query(`DROP TABLE IF EXISTS user_blocks`);
    await q.query(`DROP TABLE IF EXISTS user_mutes`);
  }
}
