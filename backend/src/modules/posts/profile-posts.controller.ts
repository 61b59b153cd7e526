import { Controller, Get, Param, Query } from '@nestjs/common';
import type { Page, Post, PostCounts } from '@cloud9/contracts';
import { AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/public';
import { BlockRule } from '../safety/block-rule.guard';
import { FeedService } from './feed.service';
import { limitOf, PageQueryDto } from '../../common/paging/page-query';
import { PathText } from '../../common/validation';

/** The profile filter lists (Posts/Likes/Replies/Reposts/Media); here so users never depends on posts. */
@Controller('users/:username')
@BlockRule({ kind: 'username', from: 'params', key: 'username' })
export class ProfilePostsController {
  constructor(private readonly feed: FeedService) {}

  @Get('replies')
  replies(@Param('username', PathText()) username: string, @Query() q: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('replies', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Get('liked-posts')
  liked(@Param('username', PathText()) username: string, @Query() q: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('liked', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Get('reposts')
  reposts(@Param('username', PathText()) username: string, @Query() q: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('reposts', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Get('media')
  media(@Param('username', PathText()) username: string, @Query() q: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('media', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Get('counts')
  counts(@Param('username', PathText()) username: string): Promise<PostCounts> {
    return this.feed.counts(username);
  }
}
