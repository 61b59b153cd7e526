import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { GifsController } from './gifs.controller';

const bindings = bindRoutes<GifsController>()({
  // Queries and the pingback body are read as a whole and checked by gif-query.ts and gif-pingback.ts.
  search: { route: ROUTES.gifs.search },
  trending: { route: ROUTES.gifs.trending },
  related: { route: ROUTES.gifs.related },
  emoji: { route: ROUTES.gifs.emoji },
  categories: { route: ROUTES.gifs.categories },
  random: { route: ROUTES.gifs.random },
  pingback: { route: ROUTES.gifs.pingback },
});

describe('GifsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(GifsController, bindings));
});
