import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account's colour theme (Settings → Appearance): `system` follows the device, `light` and `dark`
 * are fixed. A column with a constant default, so adding it rewrites no rows.
 */
export class UserTheme1734100000000 implements MigrationInterface {
  name = 'UserTheme1734100000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN theme text NOT NULL DEFAULT 'system' CONSTRAINT users_theme_check CHECK (theme IN ('system', 'light', 'dark'))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS theme`);
  }
}
