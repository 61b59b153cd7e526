import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { BoostsController } from './boosts.controller';
import { BoostRequestDto } from './boosts.dto';

const bindings = bindRoutes<BoostsController>()({
  quota: { route: ROUTES.boosts.quota },
  request: { route: ROUTES.boosts.request, body: BoostRequestDto },
  rotate: { route: ROUTES.boosts.rotate },
  adminBoost: { route: ROUTES.boosts.adminBoost },
});

describe('BoostsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(BoostsController, bindings));
});
