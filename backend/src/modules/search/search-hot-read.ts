import { Injectable, OnModuleInit } from '@nestjs/common';
import { ROUTES } from '@cloud9/contracts';
import { HotReads, queryBy } from '../../common/hot-reads/hot-reads';
import { limitOf } from '../../common/paging/page-query';
import { SearchService } from './search.service';

/** The post search's query read by its route's schema; anything else is left to the full route. */
export const hotSearchQuery = queryBy(ROUTES.search.posts.query, ['query', 'cursor', 'limit']);

/** GET /api/search/posts (SearchController.posts) on the lighter path (answerHotReads), under its search limit. */
@Injectable()
export class SearchHotRead implements OnModuleInit {
  constructor(
    private readonly reads: HotReads,
    private readonly search: SearchService,
  ) {}

  onModuleInit(): void {
    this.reads.add({
      path: '/api/search/posts',
      query: hotSearchQuery,
      limits: ['search'],
      answer: (query, viewer) => this.search.posts(query.query, viewer?.id ?? null, limitOf(query), query.cursor),
    });
  }
}
