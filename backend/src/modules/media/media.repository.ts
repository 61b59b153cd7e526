import { Injectable } from '@nestjs/common';
import { sql, type Insertable } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import type { Media } from '../../database/schema';

/** The media table's SQL: its storage records (the only code that writes them), and which uploads are still in use. */
@Injectable()
export class MediaRepository {
  constructor(private readonly database: Database) {}

  /** Records a stored file (in `trx` when given); its id. */
  async insert(row: Insertable<Media>, trx: Db = this.database.db): Promise<number> {
    const { id } = await trx.insertInto('media').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  async deleteByStorageKeys(keys: readonly string[]): Promise<void> {
    if (keys.length) await this.database.db.deleteFrom('media').where('storage_key', 'in', keys).execute();
  }

  /**
   * Of the given storage keys (names under UPLOAD_DIR, whose URL is `urlPrefix` + key), those
   * nothing uses: no system notice (media_url), no profile (thumbnail, background) and no post. A
   * post refers to a registered upload by media_id (the posts_media index); an upload without a
   * media row (imported data) can only be found by a post's media_url, one hashed scan of posts per
   * call, evaluated only when such an upload is asked about. With `rowIsUse` a media row alone
   * keeps its file (the orphan scan); without it the caller is about to remove the rows. Each
   * condition runs over the whole batch, not once per file. Sorted by key.
   */
  async unused(keys: string[], urlPrefix: string, { rowIsUse }: { rowIsUse: boolean }, db: Db = this.database.db): Promise<string[]> {
    const { rows } = await sql<{ key: string }>`
      SELECT k.key
        FROM unnest(${keys}::text[]) AS k(key)
        LEFT JOIN media m ON m.storage_key = k.key
       WHERE CASE WHEN m.id IS NULL
                  THEN (${urlPrefix} || k.key) NOT IN (SELECT p.media_url FROM posts p WHERE p.media_url IS NOT NULL)
                  ELSE NOT ${rowIsUse}::boolean AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.media_id = m.id)
             END
         AND NOT EXISTS (SELECT 1 FROM system_notices n WHERE n.media_url = ${urlPrefix} || k.key)
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.thumbnail = ${urlPrefix} || k.key)
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.background = ${urlPrefix} || k.key)
       ORDER BY k.key`.execute(db);
    return rows.map((r) => r.key);
  }
}
