import { Controller, Get, Param, Query } from '@nestjs/common';
import type { Page, Post, UserSearchResult } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import { SearchQueryDto } from './search.dto';
import type { SessionUser } from '../users/public';
import { SearchService } from './search.service';
import { PathText } from '../../common/validation';

/** Public search endpoints. */
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('posts')
  @RateLimit('search')
  posts(@Query() q: SearchQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.search.posts(q.query, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Get('user/:name')
  @RateLimit('search')
  users(@Param('name', PathText()) name: string, @AuthUser() viewer?: SessionUser): Promise<UserSearchResult[]> {
    return this.search.users(name, viewer?.id ?? null);
  }

  @Get('profile/:username')
  @RateLimit('search')
  profile(@Param('username', PathText()) username: string, @Query() q: SearchQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.search.profile(username, q.query, viewer?.id ?? null, limitOf(q), q.cursor);
  }
}
