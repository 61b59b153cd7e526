import { Controller } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import { ROUTES, type BookmarkBody, type BookmarkResult, type Page, type PageQuery, type Post as PostWire } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf } from '../../common/paging/page-query';
import type { SessionUser } from '../users/session-user';
import { BlockRule } from '../safety/block-rule.guard';
import { BookmarksService } from './bookmarks.service';

/** The signed-in member's own bookmarks; the owner is always the session's user. */
@Controller()
export class BookmarksController {
  constructor(private readonly bookmarks: BookmarksService) {}

  @Endpoint(ROUTES.bookmarks.list)
  @Auth()
  list(@AuthUser() user: SessionUser, @QueryOf() query: PageQuery): Promise<Page<PostWire>> {
    return this.bookmarks.list(user.id, limitOf(query), query.cursor);
  }

  /** 200 whether it was new or already there: the same answer for the same state. */
  @Endpoint(ROUTES.bookmarks.add)
  @Auth()
  @BlockRule({ kind: 'post', from: 'body', key: 'postId' })
  add(@AuthUser() user: SessionUser, @BodyOf() dto: BookmarkBody): Promise<BookmarkResult> {
    return this.bookmarks.add(user.id, dto.postId);
  }

  @Endpoint(ROUTES.bookmarks.remove)
  @Auth()
  remove(@AuthUser() user: SessionUser, @Params('postId') postId: number): Promise<BookmarkResult> {
    return this.bookmarks.remove(user.id, postId);
  }
}
