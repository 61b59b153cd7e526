import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads are stored under their content's address, so two uploads of the same bytes share one
 * file: a media row is now one use of a file (several rows may name the same storage_key) and the
 * file goes when its last row goes. An image's row records its size, a tiny preview and the
 * responsive variants made from it ([{ width, height }], named after the storage key).
 */
export class MediaVariants1732700000000 implements MigrationInterface {
  name = 'MediaVariants1732700000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media DROP CONSTRAINT IF EXISTS media_storage_key_key`);
    await q.query(`CREATE INDEX IF NOT EXISTS media_storage_key ON media (storage_key)`);
    await q.query(`
      ALTER TABLE media
        ADD COLUMN width       integer CHECK (width > 0),
        ADD COLUMN height      integer CHECK (height > 0),
        ADD COLUMN placeholder text,
        ADD COLUMN variants    jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media DROP COLUMN variants, DROP COLUMN placeholder, DROP COLUMN height, DROP COLUMN width`);
    await q.query(`DROP INDEX IF EXISTS media_storage_key`);
    // Shared files cannot keep one row each under a unique key: keep the oldest row of each.
    await q.query(`DELETE FROM media m USING media o WHERE o.storage_key = m.storage_key AND o.id < m.id`);
    await q.query(`ALTER TABLE media ADD CONSTRAINT media_storage_key_key UNIQUE (storage_key)`);
  }
}
