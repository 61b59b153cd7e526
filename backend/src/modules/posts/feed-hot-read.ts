import { Injectable, OnModuleInit } from '@nestjs/common';
import { ROUTES } from '@cloud9/contracts';
import { HotReads, queryBy } from '../../common/hot-reads/hot-reads';
import { limitOf } from '../../common/paging/page-query';
import { feedFilterOf } from './feed-filter';
import { FeedService } from './feed.service';

/**
 * The feed's query read by its route's schema, for the keys the feed's pages use (cursor, limit, tab,
 * category); anything else (a search, author or tag filter, which have their own rate limit and
 * block rule, or a value the schema refuses) is left to the full route.
 */
export const hotFeedQuery = queryBy(ROUTES.posts.list.query, ['cursor', 'limit', 'tab', 'category']);

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
