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
    // A row's poster is its own (the uploader's frame), never another row's.
    const copied = known && {
      width: known.width ?? row.width, height: known.height ?? row.height, placeholder: known.placeholder ?? row.placeholder, variants: JSON.stringify(known.variants),
    };
    const { id } = await trx
      .insertInto('media')
      .values({ ...row, ...copied })
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

  /** Records a file's size and preview on every row of it that lacks them. */
  async setSize(trx: Db, key: string, { width, height, placeholder }: { width: number; height: number; placeholder: string }): Promise<void> {
    await trx.updateTable('media').set({ width, height, placeholder }).where('storage_key', '=', key).where('width', 'is', null).execute();
  }

  /**
   * A page of stored images, by storage key after `afterKey`, with what each is shown as (a post's
   * or notice's image, a profile's avatar or banner; a file nothing names as a profile image
   * counts as a post's) and what its first row records: the backfill's candidates.
   */
  async imagesAfter(afterKey: string, limit: number): Promise<{ storage_key: string; width: number | null; variants: StoredVariant[]; avatar: boolean; banner: boolean; post: boolean }[]> {
    const { rows } = await sql<{ storage_key: string; width: number | null; variants: StoredVariant[]; avatar: boolean; banner: boolean; post: boolean }>`
      WITH page AS (
        SELECT DISTINCT ON (storage_key) storage_key, width, variants
          FROM media
         WHERE kind = 'image' AND mime <> 'image/gif' AND storage_key > ${afterKey}
           AND NOT EXISTS (SELECT 1 FROM media v WHERE v.poster_id = media.id)
         ORDER BY storage_key, id
         LIMIT ${limit})
      SELECT page.*,
             -- One hashed scan of users per page (the profile columns have no index).
             ('/uploads/' || page.storage_key) IN (SELECT u.thumbnail FROM users u WHERE u.thumbnail IS NOT NULL) AS avatar,
             ('/uploads/' || page.storage_key) IN (SELECT u.background FROM users u WHERE u.background IS NOT NULL) AS banner,
             EXISTS (SELECT 1 FROM media m JOIN posts p ON p.media_id = m.id WHERE m.storage_key = page.storage_key)
               OR EXISTS (SELECT 1 FROM media m JOIN system_notices n ON n.media_id = m.id WHERE m.storage_key = page.storage_key) AS post
        FROM page
       ORDER BY page.storage_key`.execute(this.database.db);
    return rows;
  }

  /** Records the file's variants on every row of it. */
  async setVariants(trx: Db, key: string, variants: StoredVariant[]): Promise<void> {
    await trx.updateTable('media').set({ variants: JSON.stringify(variants) }).where('storage_key', '=', key).execute();
  }

  /** The poster rows of these rows (a poster's row ends with its video's), with their files. */
  async postersOf(ids: readonly number[]): Promise<{ id: number; storage_key: string }[]> {
    if (!ids.length) return [];
    return this.database.db
      .selectFrom('media as v')
      .innerJoin('media as p', 'p.id', 'v.poster_id')
      .select(['p.id', 'p.storage_key'])
      .where('v.id', 'in', ids)
      .execute();
  }

  async deleteByIds(trx: Db, ids: readonly number[]): Promise<void> {
    if (ids.length) await trx.deleteFrom('media').where('id', 'in', ids).execute();
  }

  /**
   * Ends one profile-image use of a file by its owner: the oldest of the owner's rows for `key`
   * that no post, notice, direct message or video (as its poster) points at (a profile refers to its image by URL, not by row).
   */
  async deleteProfileUse(trx: Db, ownerId: number, key: string): Promise<void> {
    await sql`
      DELETE FROM media WHERE id = (
        SELECT m.id FROM media m
         WHERE m.owner_id = ${ownerId} AND m.storage_key = ${key}
           AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.media_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM system_notices n WHERE n.media_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM dm_messages d WHERE d.media_id = m.id)
           AND NOT EXISTS (SELECT 1 FROM media v WHERE v.poster_id = m.id)
         ORDER BY m.id LIMIT 1)`.execute(trx);
  }

  /**
   * Of the given storage keys (names under UPLOAD_DIR, whose URL is `urlPrefix` + key), those
   * nothing uses: no media row, and (for files stored before rows existed, imported data) no post,
   * system notice or profile naming the URL. The post scan is one hashed scan per call, evaluated
   * only when a key without a row is asked about. Sorted by key.
   */
  /** `unused` for a job (the orphan scan): its scans of posts and users run under the job limit. */
  unusedForJob(keys: string[], urlPrefix: string): Promise<string[]> {
    return this.database.jobTransaction((trx) => this.unused(keys, urlPrefix, trx));
  }

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
