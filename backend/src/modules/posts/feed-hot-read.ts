import { Injectable, OnModuleInit } from '@nestjs/common';
import { isFeedCategory, PAGING } from '@cloud9/contracts';
import { HotReads } from '../../common/hot-reads/hot-reads';
import { limitOf } from '../../common/paging/page-query';
import { feedFilterOf } from './feed-filter';
import { FeedService } from './feed.service';
import type { FeedQueryDto } from './posts.dto';

const TABS = new Set(['following', 'foryou', 'for-you', 'all']);
const LIMIT = /^\d{1,3}$/;
const CURSOR_MAX_LENGTH = 500;

/**
 * The feed's query as FeedQueryDto reads it, for the keys the feed's pages use (cursor, limit, tab,
 * category), each at most once and valid; anything else (a search, author or tag filter, which have
 * their own rate limit and block rule, or a value the DTO would refuse) is left to the full route.
 */
export function hotFeedQuery(raw: Record<string, unknown>): FeedQueryDto | undefined {
  const query: FeedQueryDto = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') return undefined;
    if (key === 'cursor' && value.length <= CURSOR_MAX_LENGTH) query.cursor = value;
    else if (key === 'limit' && LIMIT.test(value) && Number(value) >= 1 && Number(value) <= PAGING.maxLimit) query.limit = Number(value);
    else if (key === 'tab' && TABS.has(value)) query.tab = value;
    else if (key === 'category' && (value === '' || isFeedCategory(value))) query.category = value || undefined;
    else return undefined;
  }
  return query;
}

/** GET /api/posts (PostsController.list) for the feed's pages, on the lighter path (answerHotReads). */
@Injectable()
export class FeedHotRead implements OnModuleInit {
  constructor(
    private readonly reads: HotReads,
    private readonly feed: FeedService,
  ) {}

  onModuleInit(): void {
    this.reads.add({
      path: '/api/posts',
      query: hotFeedQuery,
      answer: (query, viewer) => this.feed.feed(feedFilterOf(query, viewer), limitOf(query), query.cursor),
    });
  }
}
