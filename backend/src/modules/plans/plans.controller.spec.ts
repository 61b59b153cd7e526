import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { PlansController } from './plans.controller';

const bindings = bindRoutes<PlansController>()({
  get: { route: ROUTES.plans.get },
  list: { route: ROUTES.plans.list },
});

describe('PlansController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(PlansController, bindings));
});
