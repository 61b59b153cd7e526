import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { HealthController } from './health.controller';

const bindings = bindRoutes<HealthController>()({
  check: { route: ROUTES.health.check },
  live: { route: ROUTES.health.live },
  ready: { route: ROUTES.health.ready },
});

describe('HealthController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(HealthController, bindings));
});
