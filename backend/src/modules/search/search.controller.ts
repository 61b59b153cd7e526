import { Controller } from '@nestjs/common';
import { Endpoint, Params, QueryOf } from '../../common/endpoint';
import { ROUTES, type Page, type Post, type TextPageQuery, type UserSearchResult } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import type { SessionUser } from '../users/session-user';
import { SearchService } from './search.service';

/** Public search endpoints. */
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Endpoint(ROUTES.search.posts)
  @RateLimit('search')
  posts(@QueryOf() q: TextPageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.search.posts(q.query, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.search.users)
  @RateLimit('search')
  users(@Params('name') name: string, @AuthUser() viewer?: SessionUser): Promise<UserSearchResult[]> {
    return this.search.users(name, viewer?.id ?? null);
  }

  @Endpoint(ROUTES.search.profile)
  @RateLimit('search')
  profile(@Params('username') username: string, @QueryOf() q: TextPageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.search.profile(username, q.query, viewer?.id ?? null, limitOf(q), q.cursor);
  }
}
