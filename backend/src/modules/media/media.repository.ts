import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import { Database, type Db } from '../../common/db/database';
import type { Media } from '../../database/schema';

/** The media table's storage records: the only code that writes them. */
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
}
