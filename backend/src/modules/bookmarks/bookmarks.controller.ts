import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { BookmarkResult, Page, Post as PostWire } from '@cloud9/contracts';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { limitOf, PageQueryDto } from '../../common/paging/page-query';
import { IdParam } from '../../common/validation';
import type { SessionUser } from '../users/public';
import { BlockRule } from '../safety/block-rule.guard';
import { BookmarkDto } from './bookmarks.dto';
import { BookmarksService } from './bookmarks.service';

/** The signed-in member's own bookmarks; the owner is always the session's user. */
@Controller('bookmarks')
export class BookmarksController {
  constructor(private readonly bookmarks: BookmarksService) {}

  @Get()
  @Auth()
  list(@AuthUser() user: SessionUser, @Query() query: PageQueryDto): Promise<Page<PostWire>> {
    return this.bookmarks.list(user.id, limitOf(query), query.cursor);
  }

  /** 200 whether it was new or already there: the same answer for the same state. */
  @Post()
  @Auth()
  @BlockRule({ kind: 'post', from: 'body', key: 'postId' })
  @HttpCode(200)
  add(@AuthUser() user: SessionUser, @Body() dto: BookmarkDto): Promise<BookmarkResult> {
    return this.bookmarks.add(user.id, dto.postId);
  }

  @Delete(':postId')
  @Auth()
  @HttpCode(200)
  remove(@AuthUser() user: SessionUser, @Param('postId', IdParam()) postId: number): Promise<BookmarkResult> {
    return this.bookmarks.remove(user.id, postId);
  }
}
