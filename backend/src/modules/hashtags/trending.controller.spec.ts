import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { TrendingController } from './trending.controller';

const bindings = bindRoutes<TrendingController>()({
  list: { route: ROUTES.trending.list },
});

describe('TrendingController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(TrendingController, bindings));
});
