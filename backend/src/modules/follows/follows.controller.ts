import { Controller, UseGuards } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import { ROUTES, type FollowPair, type FollowResult, type FollowUser, type IsFollowingResult, type Page, type PageQuery } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import type { SessionUser } from '../users/public';
import { BlockRule } from '../safety/block-rule.guard';
import { FollowsService } from './follows.service';
import { VerifiedEmailGuard } from '../users/verified-email.guard';

/** Follows. Lists and is-following are public; the acting user is always the session's. */
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Endpoint(ROUTES.follows.follow)
  @Auth()
  @UseGuards(VerifiedEmailGuard)
  @RateLimit('follows')
  @BlockRule({ kind: 'user', from: 'body', key: 'followedId' })
  follow(@AuthUser() user: SessionUser, @BodyOf() dto: FollowPair): Promise<FollowResult> {
    return this.follows.follow(user, dto);
  }

  @Endpoint(ROUTES.follows.unfollow)
  @Auth()
  @RateLimit('follows')
  @BlockRule({ kind: 'user', from: 'body', key: 'followedId' })
  unfollow(@AuthUser() user: SessionUser, @BodyOf() dto: FollowPair): Promise<FollowResult> {
    return this.follows.unfollow(user, dto);
  }

  @Endpoint(ROUTES.follows.followers)
  @BlockRule({ kind: 'user', from: 'params', key: 'userId' })
  followers(@Params('userId') userId: number, @QueryOf() q: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<FollowUser>> {
    return this.follows.list('followers', userId, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.follows.following)
  @BlockRule({ kind: 'user', from: 'params', key: 'userId' })
  following(@Params('userId') userId: number, @QueryOf() q: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<FollowUser>> {
    return this.follows.list('following', userId, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.follows.isFollowing)
  isFollowing(@QueryOf() q: FollowPair): Promise<IsFollowingResult> {
    return this.follows.isFollowing(q);
  }
}
