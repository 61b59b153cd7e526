import { Injectable } from '@nestjs/common';
import type { UserSearchResult } from '@cloud9/contracts';
import { SqlService } from '../../common/db/sql.service';
import type { RankedPostRow } from '../posts/public';
import type { Hiding } from '../safety/public';
import { olderMatchesSql, type RankCursor, rankedPageSql, recentMatchesSql, searchUsersSql } from './search.sql';

/**
 * The search reads (search.sql.ts), as prepared statements except where the best plan depends on the
 * word; through a reader (the read replica when one is set and the request may use it).
 */
@Injectable()
export class SearchRepository {
  constructor(private readonly sql: SqlService) {}

  /** The newest matches among the newest posts: one plan for every word, so prepared. */
  async recentMatchIds(text: string): Promise<number[]> {
    const { sql, params } = recentMatchesSql(text);
    return (await this.sql.reader(null).query<{ id: number }>(sql, params)).map((r) => r.id);
  }

  /** Older matches through the GIN indexes: planned for the word each time. */
  async olderMatchIds(text: string): Promise<number[]> {
    const { sql, params } = olderMatchesSql(text);
    return (await this.sql.reader(null).query<{ id: number }>(sql, params, { prepare: false })).map((r) => r.id);
  }

  rankedPage(candidateIds: number[], text: string, viewerId: number | null, cursor: RankCursor | undefined, take: number, hiding: Hiding): Promise<RankedPostRow[]> {
    const { sql, params } = rankedPageSql(candidateIds, text, viewerId, cursor, take, hiding);
    return this.sql.reader(viewerId).query<RankedPostRow>(sql, params);
  }

  /** Planned for the pattern each time. */
  users(name: string, viewerId: number | null): Promise<UserSearchResult[]> {
    const { sql, params } = searchUsersSql(name, viewerId);
    return this.sql.reader(null).query<UserSearchResult>(sql, params, { prepare: false });
  }
}
