import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { MESSAGES, type Page, type Post, type UserSearchResult } from '@cloud9/contracts';
import { decodeRankCursor, encodeCursor } from '../../common/db/cursor';
import { FeedService } from '../posts/feed.service';
import { SharedPageCache, toPost } from '../posts/public';
import type { Hiding } from '../safety/public';
import { SEARCH_CANDIDATES, type RankCursor } from './search.sql';
import { SearchRepository } from './search.repository';
import { toPage } from '../../common/db/page';

const required = (query: string | undefined): string => {
  const text = (query ?? '').trim();
  if (!text) throw new BadRequestException(MESSAGES.post.searchQueryRequired);
  return text;
};

/** Search: posts by full-text + partial words, users by name, one profile's posts. */
@Injectable()
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly feed: FeedService,
    private readonly pages: SharedPageCache,
  ) {}

  /**
   * Every viewer shares one ranked page (SharedPageCache) as everyone sees it, with their own flags
   * added; it is ranked again for a viewer whose hide rule takes anything off it.
   */
  async posts(query: string | undefined, viewerId: number | null, limit: number, cursor?: string): Promise<Page<Post>> {
    const text = required(query);
    const after = decodeRankCursor(cursor);
    const hiding = await this.feed.hidingOf(viewerId);
    const load = () => this.rankedPage(text, after, limit, null, hiding.everyone);
    return this.pages.get('search', `${limit}|${cursor ?? ''}|${text}`, load, viewerId, (page, viewer) =>
      this.feed.asSeenBy(page, viewer, hiding.viewer, () => this.rankedPage(text, after, limit, viewer, hiding.viewer)),
    );
  }

  private async rankedPage(text: string, after: RankCursor | undefined, limit: number, viewerId: number | null, hiding: Hiding): Promise<Page<Post>> {
    const ids = await this.candidates(text);
    const rows = await this.search.rankedPage(ids, text, viewerId, after, limit + 1, hiding);
    const page = toPage(rows, limit, toPost, (last) => encodeCursor([last.cursor_rank, last.cursor_similarity, last.cursor_id]));
    return { items: await this.feed.attachOriginals(page.items, viewerId, hiding), nextCursor: page.nextCursor };
  }

  /** The ids a post search ranks (search.sql.ts): the newest matches, plus older ones when those are few. */
  async candidates(text: string): Promise<number[]> {
    const ids = await this.search.recentMatchIds(text);
    if (ids.length >= SEARCH_CANDIDATES) return ids;
    return [...new Set([...ids, ...(await this.search.olderMatchIds(text))])];
  }

  /** Accounts by name; a signed-in viewer never finds one with a block between them, either way. */
  async users(name: string, viewerId: number | null): Promise<UserSearchResult[]> {
    const text = name.trim();
    if (!text) throw new NotFoundException(MESSAGES.profile.userNotFound);
    const users = await this.search.users(text, viewerId);
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
