import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { UsersController } from './users.controller';
import { RegisterDto, UpdateProfileDto, UsernameSuggestQueryDto } from './users.dto';

const bindings = bindRoutes<UsersController>()({
  register: { route: ROUTES.users.register, body: RegisterDto },
  profile: { route: ROUTES.users.profile },
  update: { route: ROUTES.users.update, body: UpdateProfileDto },
  updateImages: { route: ROUTES.users.updateImages },
  remove: { route: ROUTES.users.delete },
  suggest: { route: ROUTES.users.suggest, query: UsernameSuggestQueryDto },
});

describe('UsersController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(UsersController, bindings));
});
