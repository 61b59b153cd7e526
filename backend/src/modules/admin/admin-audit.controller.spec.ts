import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { AdminAuditController } from './admin-audit.controller';
import { AuditQueryDto } from './admin-tools.dto';

const bindings = bindRoutes<AdminAuditController>()({
  list: { route: ROUTES.admin.audit, query: AuditQueryDto },
});

describe('AdminAuditController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(AdminAuditController, bindings));
});
