import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video's row may point at its poster frame: an image row of its own (the poster is its own
 * content-addressed file), which goes with the video's row. The index serves that lookup and the
 * ON DELETE SET NULL check every deleted media row makes.
 */
export class MediaPosters1732800000000 implements MigrationInterface {
  name = 'MediaPosters1732800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media ADD COLUMN poster_id bigint REFERENCES media(id) ON DELETE SET NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS media_poster ON media (poster_id) WHERE poster_id IS NOT NULL`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS media_poster`);
    await q.query(`ALTER TABLE media DROP COLUMN poster_id`);
  }
}
