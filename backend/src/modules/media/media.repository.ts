import { Injectable } from '@nestjs/common';
import { sql, type Insertable, type Selectable } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import type { Media } from '../../database/schema';
import type { StoredVariant } from './image-variants';

/** What a media row records about its file, as the API shows it. */
export type MediaFacts = Pick<Selectable<Media>, 'storage_key' | 'width' | 'height' | 'placeholder'> & { variants: StoredVariant[] };

/**
 * The media table's SQL: one row per use of a stored file (the only code that writes them), and
 * which files are still used. Files are content-addressed, so several rows may name one
 * storage_key; every change to the rows of a key and every decision to remove its file runs under
 * that key's transaction-scoped advisory lock, so an upload of the same bytes and the removal of
 * the file's last use never cross.
 */
@Injectable()
export class MediaRepository {
  constructor(private readonly database: Database) {}

  /** Runs `work` in a transaction holding the advisory locks of `keys` (taken in order: no deadlock). */
  withKeysLocked<T>(keys: readonly string[], work: (trx: Db) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(async (trx) => {
      for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      return work(trx);
    });
  }

  /**
   * Records a use of a stored file; its id. A file already known keeps the size, preview and
   * variants its other rows record (the row given may lack them).
   */
  async insert(trx: Db, row: Insertable<Media>): Promise<{ id: number; variants: StoredVariant[] }> {
    const known = await this.factsOf(trx, row.storage_key);
    const { id } = await trx
      .insertInto('media')
      .values({ ...row, ...(known ? { width: known.width, height: known.height, placeholder: known.placeholder, variants: JSON.stringify(known.variants) } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, variants: known?.variants ?? [] };
  }

  private async factsOf(trx: Db, key: string): Promise<MediaFacts | undefined> {
    const row = await trx.selectFrom('media').select(['storage_key', 'width', 'height', 'placeholder', 'variants']).where('storage_key', '=', key).orderBy('id').limit(1).executeTakeFirst();
    return row && { ...row, variants: row.variants as unknown as StoredVariant[] };
  }

  /** Size, preview and variants of each stored file among `keys` that has a row. */
  async factsByKeys(keys: readonly string[]): Promise<MediaFacts[]> {
    if (!keys.length) return [];
    const rows = await this.database.db
      .selectFrom('media')
      .distinctOn('storage_key')
      .select(['storage_key', 'width', 'height', 'placeholder', 'variants'])
      .where('storage_key', 'in', keys)
      .orderBy('storage_key')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, variants: r.variants as unknown as StoredVariant[] }));
  }

  /** Whether any row names the file (under its lock: whether it is still wanted). */
  async isKnown(trx: Db, key: string): Promise<boolean> {
    return !!(await trx.selectFrom('media').select('id').where('storage_key', '=', key).limit(1).executeTakeFirst());
  }

  /** Records the file's variants on every row of it. */
  async setVariants(trx: Db, key: string, variants: StoredVariant[]): Promise<void> {
    await trx.updateTable('media').set({ variants: JSON.stringify(variants) }).where('storage_key', '=', key).execute();
  }

  async deleteByIds(trx: Db, ids: readonly number[]): Promise<void> {
    if (ids.length) await trx.deleteFrom('media').where('id', 'in', ids).execute();
  }

  /**
   * Ends one profile-image use of a file by its owner: the oldest of the owner's rows for `key`
   * that no post or notice points at (a profile refers to its image by URL, not by row).
   */
  async deleteProfileUse(trx: Db, ownerId: number, key: string): Promise<void> {
    await sql`
      DELETE FROM media WHERE id = (
        SELECT m.id FROM media m
         WHERE m.owner_id = ${ownerId} AND m.storage_key = ${key}
           AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.media_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM system_notices n WHERE n.media_id = m.id)
         ORDER BY m.id LIMIT 1)`.execute(trx);
  }

  /**
   * Of the given storage keys (names under UPLOAD_DIR, whose URL is `urlPrefix` + key), those
   * nothing uses: no media row, and (for files stored before rows existed, imported data) no post,
   * system notice or profile naming the URL. The post scan is one hashed scan per call, evaluated
   * only when a key without a row is asked about. Sorted by key.
   */
  async unused(keys: string[], urlPrefix: string, db: Db = this.database.db): Promise<string[]> {
    if (!keys.length) return [];
    const { rows } = await sql<{ key: string }>`
      SELECT k.key
        FROM unnest(${keys}::text[]) AS k(key)
       WHERE CASE WHEN EXISTS (SELECT 1 FROM media m WHERE m.storage_key = k.key) THEN false
                  ELSE (${urlPrefix} || k.key) NOT IN (SELECT p.media_url FROM posts p WHERE p.media_url IS NOT NULL)
             END
         AND NOT EXISTS (SELECT 1 FROM system_notices n WHERE n.media_url = ${urlPrefix} || k.key)
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.thumbnail = ${urlPrefix} || k.key)
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.background = ${urlPrefix} || k.key)
       ORDER BY k.key`.execute(db);
    return rows.map((r) => r.key);
  }
}
