import { BadRequestException, Controller, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { Endpoint, Params, QueryOf, BodyOf } from '../../common/endpoint';
import type { Request } from 'express';
import { MESSAGES, ROUTES, VIDEO_POSTER, isFeedCategory, type ActorBody, type EditPostBody, type FeedQueryParams, type FollowUser, type LikeResult, type NewPostBody, type Page, type PageQuery, type Post as PostWire, type PostEdit, type PostThread, type ReplyBody, type RepostResult } from '@cloud9/contracts';
import { RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { UploadsRateLimit } from '../../common/rate-limit/uploads-rate-limit.interceptor';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import { MEDIA_WITH_POSTER, PlanUpload, uploadedFile } from '../media/plan-upload.interceptor';
import type { SessionUser } from '../users/public';
import { assertActor } from '../../common/auth/assert-actor';
import { feedFilterOf, isFeedSearch, tagOf } from './feed-filter';
import { limitOf } from '../../common/paging/page-query';
import { FeedService } from './feed.service';
import { BlockRule } from '../safety/block-rule.guard';
import { PostsService } from './posts.service';
import { ReactionsService } from './reactions.service';
import { VerifiedEmailGuard } from '../users/verified-email.guard';

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

  @Endpoint(ROUTES.posts.list)
  @RateLimit('search', { when: isFeedSearch })
  @BlockRule({ kind: 'username', from: 'query', key: 'username' })
  list(@QueryOf() query: FeedQueryParams, @AuthUser() viewer?: SessionUser): Promise<Page<PostWire>> {
    const tag = tagOf(query);
    if (tag) return this.feed.byTag(tag, viewer?.id ?? null, limitOf(query), query.cursor);
    return this.feed.feed(feedFilterOf(query, viewer ?? null), limitOf(query), query.cursor);
  }

  // Declared before posts/:id/... so 'category' is never read as an id.
  @Endpoint(ROUTES.posts.byCategory)
  @RateLimit('search', { when: isFeedSearch })
  byCategory(@Params('category') category: string, @QueryOf() query: FeedQueryParams, @AuthUser() viewer?: SessionUser): Promise<Page<PostWire>> {
    if (!isFeedCategory(category)) throw new BadRequestException(MESSAGES.post.categoryInvalid);
    tagOf(query, category); // a tag here is refused: tag feeds are GET /api/posts?tag=
    return this.feed.feed(feedFilterOf(query, viewer ?? null, category), limitOf(query), query.cursor);
  }

  @Endpoint(ROUTES.posts.create)
  @Auth()
  @UseGuards(VerifiedEmailGuard)
  @RateLimit('posts')
  @UseInterceptors(PlanUpload(MEDIA_WITH_POSTER), UploadsRateLimit)
  create(@AuthUser() user: SessionUser, @BodyOf() dto: NewPostBody, @Req() req: Request): Promise<PostWire> {
    return this.posts.create(user, dto, uploadedFile(req, 'file'), uploadedFile(req, VIDEO_POSTER.part));
  }

  @Endpoint(ROUTES.posts.get)
  @BlockRule(POST_ID)
  one(@Params('id') id: number, @AuthUser() viewer?: SessionUser): Promise<PostWire> {
    return this.feed.post(id, viewer ?? null);
  }

  @Endpoint(ROUTES.posts.replies)
  @BlockRule(POST_ID)
  replies(@Params('id') id: number, @QueryOf() query: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<PostWire>> {
    return this.feed.replies(id, viewer ?? null, limitOf(query), query.cursor);
  }

  @Endpoint(ROUTES.posts.thread)
  @BlockRule(POST_ID)
  thread(@Params('id') id: number, @QueryOf() query: PageQuery, @AuthUser() viewer?: SessionUser): Promise<PostThread> {
    return this.feed.thread(id, viewer ?? null, limitOf(query), query.cursor);
  }

  @Endpoint(ROUTES.posts.history)
  @BlockRule(POST_ID)
  history(@Params('id') id: number, @AuthUser() viewer?: SessionUser): Promise<{ items: PostEdit[] }> {
    return this.feed.history(id, viewer ?? null);
  }

  @Endpoint(ROUTES.posts.likers)
  @BlockRule(POST_ID)
  likers(@Params('id') id: number, @QueryOf() query: PageQuery, @AuthUser() viewer?: SessionUser): Promise<Page<FollowUser>> {
    return this.feed.likers(id, viewer ?? null, limitOf(query), query.cursor);
  }

  @Endpoint(ROUTES.posts.repostCount)
  @BlockRule(POST_ID)
  repostCount(@Params('id') id: number): Promise<{ count: number }> {
    return this.feed.repostCount(id);
  }

  @Endpoint(ROUTES.posts.like)
  @Auth()
  @UseGuards(VerifiedEmailGuard)
  @BlockRule(POST_ID)
  @RateLimit('reactions')
  like(@Params('id') id: number, @AuthUser() user: SessionUser, @BodyOf() dto: ActorBody): Promise<LikeResult> {
    assertActor(user, dto);
    return this.reactions.like(user, id);
  }

  @Endpoint(ROUTES.posts.repost)
  @Auth()
  @BlockRule(POST_ID)
  @RateLimit('posts')
  @RateLimit('reactions')
  repost(@Params('id') id: number, @AuthUser() user: SessionUser, @BodyOf() dto: ActorBody): Promise<RepostResult> {
    assertActor(user, dto);
    return this.reactions.repost(user, id);
  }

  @Endpoint(ROUTES.posts.reply)
  @Auth()
  @UseGuards(VerifiedEmailGuard)
  @BlockRule(POST_ID)
  @RateLimit('posts')
  @UseInterceptors(PlanUpload(MEDIA_WITH_POSTER), UploadsRateLimit)
  reply(@Params('id') id: number, @AuthUser() user: SessionUser, @BodyOf() dto: ReplyBody, @Req() req: Request): Promise<PostWire> {
    return this.posts.reply(user, id, dto, uploadedFile(req, 'file'), uploadedFile(req, VIDEO_POSTER.part));
  }

  /** Counts as a reaction: an edit can mention and unmention accounts, and each change pushes to them. */
  @Endpoint(ROUTES.posts.edit)
  @Auth()
  @RateLimit('reactions')
  edit(@Params('id') id: number, @AuthUser() user: SessionUser, @BodyOf() dto: EditPostBody): Promise<{ success: true; post: PostWire }> {
    return this.posts.edit(user, id, dto);
  }

  /** The username/group_id query parameters clients may send are ignored: the session decides. */
  @Endpoint(ROUTES.posts.delete)
  @Auth()
  remove(@Params('id') id: number, @AuthUser() user: SessionUser): Promise<{ success: true }> {
    return this.posts.remove(user, id);
  }
}
