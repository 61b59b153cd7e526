import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { FollowResult, FollowUser, IsFollowingResult, Page } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { IdParam } from '../../common/validation';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf, PageQueryDto } from '../../common/paging/page-query';
import type { SessionUser } from '../users/public';
import { BlockRule } from '../safety/block-rule.guard';
import { FollowPairDto } from './follows.dto';
import { FollowsService } from './follows.service';

/** Follows. Lists and is-following are public; the acting user is always the session's. */
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Post('follow')
  @Auth()
  @RateLimit('follows')
  @BlockRule({ kind: 'user', from: 'body', key: 'followedId' })
  @HttpCode(200)
  follow(@AuthUser() user: SessionUser, @Body() dto: FollowPairDto): Promise<FollowResult> {
    return this.follows.follow(user, dto);
  }

  @Post('unfollow')
  @Auth()
  @RateLimit('follows')
  @BlockRule({ kind: 'user', from: 'body', key: 'followedId' })
  @HttpCode(200)
  unfollow(@AuthUser() user: SessionUser, @Body() dto: FollowPairDto): Promise<FollowResult> {
    return this.follows.unfollow(user, dto);
  }

  @Get('followers/:userId')
  @BlockRule({ kind: 'user', from: 'params', key: 'userId' })
  followers(@Param('userId', IdParam()) userId: number, @Query() q: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<FollowUser>> {
    return this.follows.list('followers', userId, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Get('following/:userId')
  @BlockRule({ kind: 'user', from: 'params', key: 'userId' })
  following(@Param('userId', IdParam()) userId: number, @Query() q: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<FollowUser>> {
    return this.follows.list('following', userId, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Get('is-following')
  isFollowing(@Query() q: FollowPairDto): Promise<IsFollowingResult> {
    return this.follows.isFollowing(q);
  }
}
