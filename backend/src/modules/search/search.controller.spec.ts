import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { SearchQueryDto } from '../posts/posts.dto';
import { SearchController } from './search.controller';

const bindings = bindRoutes<SearchController>()({
  posts: { route: ROUTES.search.posts, query: SearchQueryDto },
  users: { route: ROUTES.search.users },
  profile: { route: ROUTES.search.profile, query: SearchQueryDto },
});

describe('SearchController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(SearchController, bindings));
});
