import { Injectable } from '@nestjs/common';
import { TRENDING, type TrendingTag } from '@cloud9/contracts';
import { CompiledQuery } from 'kysely';
import { Database } from '../../common/db/database';
import { TRENDING_SQL, type TrendingRow } from './trending.sql';

/** Reads of post_tags (written by the posts module with each post). */
@Injectable()
export class HashtagsRepository {
  constructor(private readonly database: Database) {}

  /**
   * The tags that trend now, best first, and the recent use of each default topic. Read by the
   * trending job only (every few minutes: nothing to gain from a prepared plan), under the job limit.
   */
  async trending(): Promise<{ trending: TrendingTag[]; defaultCounts: Map<string, number> }> {
    const query = CompiledQuery.raw(TRENDING_SQL, [TRENDING.windowHours, TRENDING.minAuthors, TRENDING.size, TRENDING.defaultTopics]);
    const { rows } = await this.database.jobTransaction((trx) => trx.executeQuery<TrendingRow>(query));
    const trending = rows.filter((r) => r.rank > 0).sort((a, b) => a.rank - b.rank).map(({ tag, count }) => ({ tag, count }));
    const defaultCounts = new Map(rows.filter((r) => r.rank === 0).map((r) => [r.tag, r.count]));
    return { trending, defaultCounts };
  }
}
