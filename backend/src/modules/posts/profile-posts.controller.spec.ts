import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { PageQueryDto } from '../../common/paging/page-query';
import { ProfilePostsController } from './profile-posts.controller';

const bindings = bindRoutes<ProfilePostsController>()({
  replies: { route: ROUTES.profilePosts.replies, query: PageQueryDto },
  liked: { route: ROUTES.profilePosts.liked, query: PageQueryDto },
  reposts: { route: ROUTES.profilePosts.reposts, query: PageQueryDto },
  media: { route: ROUTES.profilePosts.media, query: PageQueryDto },
  counts: { route: ROUTES.profilePosts.counts },
});

describe('ProfilePostsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(ProfilePostsController, bindings));
});
