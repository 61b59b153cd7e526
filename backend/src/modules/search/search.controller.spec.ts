import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { SearchController } from './search.controller';
import { SearchQueryDto } from './search.dto';

const bindings = bindRoutes<SearchController>()({
  posts: { route: ROUTES.search.posts, query: SearchQueryDto },
  users: { route: ROUTES.search.users },
  profile: { route: ROUTES.search.profile, query: SearchQueryDto },
});

describe('SearchController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(SearchController, bindings));
});
