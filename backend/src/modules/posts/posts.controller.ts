import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import {
  isFeedCategory, MESSAGES, VIDEO_POSTER,
  type LikeResult, type Page, type Post as PostWire, type PostEdit, type PostThread, type RepostResult,
} from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { UploadsRateLimit } from '../../common/rate-limit/uploads-rate-limit.interceptor';
import { IdParam } from '../../common/validation';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { MEDIA_WITH_POSTER, PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import type { SessionUser } from '../users/public';
import { assertActor } from '../../common/auth/assert-actor';
import { feedFilterOf, isFeedSearch, tagOf } from './feed-filter';
import { limitOf } from '../../common/paging/page-query';
import { FeedService } from './feed.service';
import { ActorDto, CreatePostDto, EditPostDto, FeedQueryDto, ReplyDto } from './posts.dto';
import { PageQueryDto } from '../../common/paging/page-query';
import { BlockRule } from '../safety/block-rule.guard';
import { PostsService } from './posts.service';
import { ReactionsService } from './reactions.service';

/** The route's `:id` is a post: hidden from, and closed to, anyone with a block between them and its author. */
const POST_ID = { kind: 'post', from: 'params', key: 'id' } as const;

/** Posts and reactions. Reads are public; writes take the actor from the session. */
@Controller()
export class PostsController {
  constructor(
    private readonly feed: FeedService,
    private readonly posts: PostsService,
    private readonly reactions: ReactionsService,
  ) {}

  @Get('posts')
  @RateLimit('search', { when: isFeedSearch })
  @BlockRule({ kind: 'username', from: 'query', key: 'username' })
  list(@Query() query: FeedQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<PostWire>> {
    const tag = tagOf(query);
    if (tag) return this.feed.byTag(tag, viewer?.id ?? null, limitOf(query), query.cursor);
    return this.feed.feed(feedFilterOf(query, viewer ?? null), limitOf(query), query.cursor);
  }

  // Declared before posts/:id/... so 'category' is never read as an id.
  @Get('posts/category/:category')
  @RateLimit('search', { when: isFeedSearch })
  byCategory(@Param('category') category: string, @Query() query: FeedQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<PostWire>> {
    if (!isFeedCategory(category)) throw new BadRequestException(MESSAGES.post.categoryInvalid);
    tagOf(query, category); // a tag here is refused: tag feeds are GET /api/posts?tag=
    return this.feed.feed(feedFilterOf(query, viewer ?? null, category), limitOf(query), query.cursor);
  }

  @Post('posts')
  @Auth()
  @RateLimit('posts')
  @UseInterceptors(PlanUpload(MEDIA_WITH_POSTER), UploadsRateLimit)
  create(@AuthUser() user: SessionUser, @Body() dto: CreatePostDto, @Req() req: Request): Promise<PostWire> {
    return this.posts.create(user, dto, uploadedFile(req, 'file'), uploadedFile(req, VIDEO_POSTER.part));
  }

  @Get('posts/:id')
  @BlockRule(POST_ID)
  one(@Param('id', IdParam()) id: number, @AuthUser() viewer?: SessionUser): Promise<PostWire> {
    return this.feed.post(id, viewer ?? null);
  }

  @Get('posts/:id/replies')
  @BlockRule(POST_ID)
  replies(@Param('id', IdParam()) id: number, @Query() query: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<Page<PostWire>> {
    return this.feed.replies(id, viewer ?? null, limitOf(query), query.cursor);
  }

  @Get('posts/:id/thread')
  @BlockRule(POST_ID)
  thread(@Param('id', IdParam()) id: number, @Query() query: PageQueryDto, @AuthUser() viewer?: SessionUser): Promise<PostThread> {
    return this.feed.thread(id, viewer ?? null, limitOf(query), query.cursor);
  }

  @Get('posts/:id/history')
  @BlockRule(POST_ID)
  history(@Param('id', IdParam()) id: number, @AuthUser() viewer?: SessionUser): Promise<{ items: PostEdit[] }> {
    return this.feed.history(id, viewer ?? null);
  }

  @Get('reposts/count/:id')
  @BlockRule(POST_ID)
  repostCount(@Param('id', IdParam()) id: number): Promise<{ count: number }> {
    return this.feed.repostCount(id);
  }

  @Post('posts/:id/like')
  @Auth()
  @BlockRule(POST_ID)
  @RateLimit('reactions')
  @HttpCode(200)
  like(@Param('id', IdParam()) id: number, @AuthUser() user: SessionUser, @Body() dto: ActorDto): Promise<LikeResult> {
    assertActor(user, dto);
    return this.reactions.like(user, id);
  }

  @Post('posts/:id/repost')
  @Auth()
  @BlockRule(POST_ID)
  @RateLimit('posts')
  @RateLimit('reactions')
  @HttpCode(200)
  repost(@Param('id', IdParam()) id: number, @AuthUser() user: SessionUser, @Body() dto: ActorDto): Promise<RepostResult> {
    assertActor(user, dto);
    return this.reactions.repost(user, id);
  }

  @Post('posts/:id/reply')
  @Auth()
  @BlockRule(POST_ID)
  @RateLimit('posts')
  @UseInterceptors(PlanUpload(MEDIA_WITH_POSTER), UploadsRateLimit)
  reply(@Param('id', IdParam()) id: number, @AuthUser() user: SessionUser, @Body() dto: ReplyDto, @Req() req: Request): Promise<PostWire> {
    return this.posts.reply(user, id, dto, uploadedFile(req, 'file'), uploadedFile(req, VIDEO_POSTER.part));
  }

  /** Counts as a reaction: an edit can mention and unmention accounts, and each change pushes to them. */
  @Put('posts/:id/edit')
  @Auth()
  @RateLimit('reactions')
  edit(@Param('id', IdParam()) id: number, @AuthUser() user: SessionUser, @Body() dto: EditPostDto): Promise<{ success: true; post: PostWire }> {
    return this.posts.edit(user, id, dto);
  }

  /** The username/group_id query parameters clients may send are ignored: the session decides. */
  @Delete('posts/:id')
  @Auth()
  @HttpCode(200)
  remove(@Param('id', IdParam()) id: number, @AuthUser() user: SessionUser): Promise<{ success: true }> {
    return this.posts.remove(user, id);
  }
}
