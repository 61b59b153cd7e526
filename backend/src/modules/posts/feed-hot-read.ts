import { Injectable, OnModuleInit } from '@nestjs/common';
import { isFeedCategory } from '@cloud9/contracts';
import { HotReads, strictQuery } from '../../common/hot-reads/hot-reads';
import { limitOf, PAGE_QUERY_READERS } from '../../common/paging/page-query';
import { feedFilterOf } from './feed-filter';
import { FeedService } from './feed.service';
import type { FeedQueryDto } from './posts.dto';

const TABS = new Set(['following', 'foryou', 'for-you', 'all']);

/**
 * The feed's query as FeedQueryDto reads it, for the keys the feed's pages use (cursor, limit, tab,
 * category); anything else (a search, author or tag filter, which have their own rate limit and
 * block rule, or a value the DTO would refuse) is left to the full route.
 */
export const hotFeedQuery = (raw: Record<string, unknown>): FeedQueryDto | undefined =>
  strictQuery<FeedQueryDto>(raw, {
    ...PAGE_QUERY_READERS,
    tab: (value, into) => {
      if (!TABS.has(value)) return false;
      into.tab = value;
      return true;
    },
    category: (value, into) => {
      if (value !== '' && !isFeedCategory(value)) return false;
      into.category = value || undefined; // '' is absent (emptyIsAbsent)
      return true;
    },
  });

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
