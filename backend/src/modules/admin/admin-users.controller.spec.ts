import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { AdminUsersController, AdminUsersQueryDto, SetGroupDto } from './admin-users.controller';

const bindings = bindRoutes<AdminUsersController>()({
  list: { route: ROUTES.admin.users, query: AdminUsersQueryDto },
  setGroup: { route: ROUTES.admin.setUserGroup, body: SetGroupDto },
});

describe('AdminUsersController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(AdminUsersController, bindings));
});
