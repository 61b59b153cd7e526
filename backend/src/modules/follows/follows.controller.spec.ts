import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { PageQueryDto } from '../../common/paging/page-query';
import { FollowsController } from './follows.controller';
import { FollowPairDto } from './follows.dto';

const bindings = bindRoutes<FollowsController>()({
  follow: { route: ROUTES.follows.follow, body: FollowPairDto },
  unfollow: { route: ROUTES.follows.unfollow, body: FollowPairDto },
  followers: { route: ROUTES.follows.followers, query: PageQueryDto },
  following: { route: ROUTES.follows.following, query: PageQueryDto },
  isFollowing: { route: ROUTES.follows.isFollowing, query: FollowPairDto },
});

describe('FollowsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(FollowsController, bindings));
});
