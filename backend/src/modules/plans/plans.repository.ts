import { Injectable } from '@nestjs/common';
import { Database } from '../../common/db/database';
import type { GroupRow } from '../users/public';

/** The groups table (seeded by the first migration): the only code that reads it by SQL. */
@Injectable()
export class PlansRepository {
  constructor(private readonly database: Database) {}

  async findById(id: number): Promise<GroupRow | null> {
    return (await this.database.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  list(): Promise<GroupRow[]> {
    return this.database.db.selectFrom('groups').selectAll().orderBy('id').execute();
  }
}
