import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { AuthController } from './auth.controller';
import { LoginDto } from './login.dto';

const bindings = bindRoutes<AuthController>()({
  login: { route: ROUTES.auth.login, body: LoginDto },
  logout: { route: ROUTES.auth.logout },
  me: { route: ROUTES.auth.me },
});

describe('AuthController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(AuthController, bindings));
});
