import { Injectable } from '@nestjs/common';
import { Database } from '../../common/db/database';
import { DomainRepository } from '../../common/db/domain-repository';
import { SqlService } from '../../common/db/sql.service';
import type { TimeCursor } from '../../common/db/cursor';
import type { PagedPostRow } from '../posts/public';
import type { Hiding } from '../safety/public';
import { bookmarkPageSql } from './bookmarks.sql';

/** The only code that writes bookmarks. */
@Injectable()
export class BookmarksRepository extends DomainRepository {
  constructor(
    database: Database,
    private readonly sql: SqlService,
  ) {
    super(database);
  }

  /** False when it was already there; a missing post fails on the foreign key. */
  async add(userId: number, postId: number): Promise<boolean> {
    const rows = await this.database.db
      .insertInto('bookmarks')
      .values({ user_id: userId, post_id: postId })
      .onConflict((oc) => oc.doNothing())
      .returning('post_id')
      .execute();
    return rows.length > 0;
  }

  /** False when there was none. */
  async remove(userId: number, postId: number): Promise<boolean> {
    const rows = await this.database.db.deleteFrom('bookmarks').where('user_id', '=', userId).where('post_id', '=', postId).returning('post_id').execute();
    return rows.length > 0;
  }

  page(userId: number, after: TimeCursor | undefined, take: number, hiding: Hiding): Promise<PagedPostRow[]> {
    const { sql, params } = bookmarkPageSql(userId, after, take, hiding);
    return this.sql.reader(userId).query<PagedPostRow>(sql, params);
  }
}
