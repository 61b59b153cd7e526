import { Controller } from '@nestjs/common';
import { Endpoint, Params, QueryOf } from '../../common/endpoint';
import { ROUTES, type Page, type PageQuery, type Post, type PostCounts } from '@cloud9/contracts';
import { AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/session-user';
import { BlockRule } from '../safety/block-rule.guard';
import { FeedService } from './feed.service';
import { limitOf } from '../../common/paging/page-query';

/** The profile filter lists (Posts/Likes/Replies/Reposts/Media); here so users never depends on posts. */
@Controller()
@BlockRule({ kind: 'username', from: 'params', key: 'username' })
export class ProfilePostsController {
  constructor(private readonly feed: FeedService) {}

  @Endpoint(ROUTES.profilePosts.replies)
  replies(@Params('username') username: string, @QueryOf() q: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('replies', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.profilePosts.liked)
  liked(@Params('username') username: string, @QueryOf() q: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('liked', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.profilePosts.reposts)
  reposts(@Params('username') username: string, @QueryOf() q: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('reposts', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.profilePosts.media)
  media(@Params('username') username: string, @QueryOf() q: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<Post>> {
    return this.feed.profileList('media', username, viewer?.id ?? null, limitOf(q), q.cursor);
  }

  @Endpoint(ROUTES.profilePosts.counts)
  counts(@Params('username') username: string): Promise<PostCounts> {
    return this.feed.counts(username);
  }
}
