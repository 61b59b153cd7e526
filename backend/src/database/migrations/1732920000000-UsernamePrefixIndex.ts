import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The composers' `@` autocomplete looks accounts up by the start of their username, whatever its
 * case: a btree on the lower-case name with text_pattern_ops (byte order) serves that range scan in
 * name order. The trigram index cannot: a prefix shorter than three characters has no trigram.
 */
export class UsernamePrefixIndex1732920000000 implements MigrationInterface {
  name = 'UsernamePrefixIndex1732920000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS users_username_prefix ON users (lower(username::text) text_pattern_ops)`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS users_username_prefix`);
  }
}
