import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { BillingController } from './billing.controller';
import { SubscribeDto } from './billing.dto';

const bindings = bindRoutes<BillingController>()({
  subscribe: { route: ROUTES.billing.subscribe, body: SubscribeDto },
  // PayPal's event is read as a whole, trusted only once PayPal verified its signature.
  webhook: { route: ROUTES.billing.webhook },
  get: { route: ROUTES.billing.subscription },
});

describe('BillingController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(BillingController, bindings));
});
