import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post's description (alt text) of its uploaded image or video, on the posts row: every read of
 * posts already selects that row, so the wire carries it without another join. The checks repeat
 * the service's rules (normalised text is never empty, at most 1,500 characters, only with an upload).
 */
export class MediaAltText1732940000000 implements MigrationInterface {
  name = 'MediaAltText1732940000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts ADD COLUMN media_alt text`);
    await q.query(`ALTER TABLE posts ADD CONSTRAINT posts_media_alt_check
      CHECK (media_alt IS NULL OR (media_url IS NOT NULL AND btrim(media_alt) <> '' AND char_length(media_alt) <= 1500))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE posts DROP COLUMN media_alt`);
  }
}
