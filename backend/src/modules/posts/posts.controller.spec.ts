import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { PostsController } from './posts.controller';
import { PageQueryDto } from '../../common/paging/page-query';
import { ActorDto, CreatePostDto, EditPostDto, FeedQueryDto, ReplyDto } from './posts.dto';

const bindings = bindRoutes<PostsController>()({
  list: { route: ROUTES.posts.list, query: FeedQueryDto },
  byCategory: { route: ROUTES.posts.byCategory, query: FeedQueryDto },
  create: { route: ROUTES.posts.create, body: CreatePostDto },
  one: { route: ROUTES.posts.get },
  replies: { route: ROUTES.posts.replies, query: PageQueryDto },
  thread: { route: ROUTES.posts.thread, query: PageQueryDto },
  history: { route: ROUTES.posts.history },
  repostCount: { route: ROUTES.posts.repostCount },
  like: { route: ROUTES.posts.like, body: ActorDto },
  repost: { route: ROUTES.posts.repost, body: ActorDto },
  reply: { route: ROUTES.posts.reply, body: ReplyDto },
  edit: { route: ROUTES.posts.edit, body: EditPostDto },
  remove: { route: ROUTES.posts.delete },
});

describe('PostsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(PostsController, bindings));
});
