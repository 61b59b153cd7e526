import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { AppConfigController } from './app-config.controller';

const bindings = bindRoutes<AppConfigController>()({
  get: { route: ROUTES.config.get },
});

describe('AppConfigController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(AppConfigController, bindings));
});
