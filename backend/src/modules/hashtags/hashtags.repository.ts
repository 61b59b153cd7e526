import { Injectable } from '@nestjs/common';
import { TRENDING, type TrendingTag } from '@cloud9/contracts';
import { SqlService } from '../../common/db/sql.service';
import { TRENDING_SQL, type TrendingRow } from './trending.sql';

/** Reads of post_tags (written by the posts module with each post). */
@Injectable()
export class HashtagsRepository {
  constructor(private readonly sql: SqlService) {}

  /** The tags that trend now, best first, and the recent use of each default topic. */
  async trending(): Promise<{ trending: TrendingTag[]; defaultCounts: Map<string, number> }> {
    const rows = await this.sql.query<TrendingRow>(TRENDING_SQL, [TRENDING.windowHours, TRENDING.minAuthors, TRENDING.size, TRENDING.defaultTopics]);
    const trending = rows.filter((r) => r.rank > 0).sort((a, b) => a.rank - b.rank).map(({ tag, count }) => ({ tag, count }));
    const defaultCounts = new Map(rows.filter((r) => r.rank === 0).map((r) => [r.tag, r.count]));
    return { trending, defaultCounts };
  }
}
