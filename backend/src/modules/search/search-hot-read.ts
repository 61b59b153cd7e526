import { Injectable, OnModuleInit } from '@nestjs/common';
import { HotReads, strictQuery } from '../../common/hot-reads/hot-reads';
import { limitOf, PAGE_QUERY_READERS } from '../../common/paging/page-query';
import { SEARCH_QUERY_MAX_LENGTH, type SearchQueryDto } from './search.dto';
import { SearchService } from './search.service';

/** The post search's query as SearchQueryDto reads it; anything else is left to the full route. */
export const hotSearchQuery = (raw: Record<string, unknown>): SearchQueryDto | undefined =>
  strictQuery<SearchQueryDto>(raw, {
    ...PAGE_QUERY_READERS,
    query: (value, into) => {
      if (value.length > SEARCH_QUERY_MAX_LENGTH) return false;
      into.query = value;
      return true;
    },
  });

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
