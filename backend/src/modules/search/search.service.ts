import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MESSAGES, type Page, type Post, type UserSearchResult } from '@cloud9/contracts';
import { decodeRankCursor, encodeCursor } from '../posts/cursor';
import { FeedService } from '../posts/feed.service';
import { PostRow, toPost } from '../posts/post-row';
import { searchPostsSql, searchUsersSql } from './search.sql';

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
    private readonly db: DataSource,
    private readonly feed: FeedService,
  ) {}

  async posts(query: string | undefined, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const text = required(query);
    const after = decodeRankCursor(cursor);
    const { sql, params } = searchPostsSql(text, viewerId, after, limit + 1);
    const rows: RankedRow[] = await this.db.query(sql, params);
    const kept = rows.slice(0, limit);
    const last = kept[kept.length - 1];
    const nextCursor = rows.length > limit && last ? encodeCursor([last.cursor_rank, last.cursor_similarity, last.cursor_id]) : null;
    return { items: await this.feed.attachOriginals(kept.map(toPost), viewerId), nextCursor };
  }

  async users(name: string): Promise<UserSearchResult[]> {
    const text = name.trim();
    if (!text) throw new NotFoundException(MESSAGES.profile.userNotFound);
    const { sql, params } = searchUsersSql(text);
    const users: UserSearchResult[] = await this.db.query(sql, params);
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
