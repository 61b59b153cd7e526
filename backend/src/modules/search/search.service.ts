import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, type Page, type Post, type UserSearchResult } from '@cloud9/contracts';
import { SqlService } from '../../common/db/sql.service';
import { decodeRankCursor, encodeCursor } from '../../common/db/cursor';
import { FeedService } from '../posts/feed.service';
import { PostRow, toPost } from '../posts/post-row';
import { olderMatchesSql, rankedPageSql, recentMatchesSql, SEARCH_CANDIDATES, searchUsersSql } from './search.sql';
import { toPage } from '../../common/db/page';

type RankedRow = PostRow & { cursor_rank: number; cursor_similarity: number; cursor_id: number };

const required = (query: string | undefined): string => {
  const text = (query ?? '').trim();
  if (!text) throw new BadRequestException(MESSAGES.post.searchQueryRequired);
  return text;
};

/** Search (spec §7): posts by full-text + partial words, users by name, one profile's posts. */
@Injectable()
export class SearchService {
  constructor(
    private readonly sql: SqlService,
    private readonly feed: FeedService,
  ) {}

  async posts(query: string | undefined, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const text = required(query);
    const after = decodeRankCursor(cursor);
    const ids = await this.candidates(text);
    const { sql, params } = rankedPageSql(ids, text, viewerId, after, limit + 1);
    const rows = await this.sql.query<RankedRow>(sql, params);
    const page = toPage(rows, limit, toPost, (last) => encodeCursor([last.cursor_rank, last.cursor_similarity, last.cursor_id]));
    return { items: await this.feed.attachOriginals(page.items, viewerId), nextCursor: page.nextCursor };
  }

  /** The ids a post search ranks (search.sql.ts): the newest matches, plus older ones when those are few. */
  async candidates(text: string): Promise<number[]> {
    const recent = recentMatchesSql(text);
    const ids = (await this.sql.query<{ id: number }>(recent.sql, recent.params)).map((r) => r.id);
    if (ids.length >= SEARCH_CANDIDATES) return ids;
    const older = olderMatchesSql(text);
    const more = await this.sql.query<{ id: number }>(older.sql, older.params, { prepare: false }); // planned for the word
    return [...new Set([...ids, ...more.map((r) => r.id)])];
  }

  async users(name: string): Promise<UserSearchResult[]> {
    const text = name.trim();
    if (!text) throw new NotFoundException(MESSAGES.profile.userNotFound);
    const { sql, params } = searchUsersSql(text);
    const users = await this.sql.query<UserSearchResult>(sql, params, { prepare: false }); // planned for the pattern
    if (!users.length) throw new NotFoundException(MESSAGES.profile.userNotFound);
    return users;
  }

  /** One user's top-level posts matching the query, newest first ('Search your posts...'). */
  async profile(username: string, query: string | undefined, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const text = required(query);
    await this.feed.userId(username); // 404 for an unknown user
    return this.feed.feed({ viewerId, following: false, authors: [username], text }, limit, cursor, false);
  }
}
