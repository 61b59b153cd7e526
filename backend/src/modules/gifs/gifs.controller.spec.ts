import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { GifsController } from './gifs.controller';

const bindings = bindRoutes<GifsController>()({
  // The query is read as a whole and checked by parseGifQuery.
  search: { route: ROUTES.gifs.search },
  trending: { route: ROUTES.gifs.trending },
});

describe('GifsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(GifsController, bindings));
});
