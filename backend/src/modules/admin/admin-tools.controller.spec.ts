import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { AdminToolsController } from './admin-tools.controller';
import { OrphanDeleteDto, ResetPasswordDto } from './admin-tools.dto';

const bindings = bindRoutes<AdminToolsController>()({
  resetPassword: { route: ROUTES.admin.resetPassword, body: ResetPasswordDto },
  backup: { route: ROUTES.admin.backup },
  restore: { route: ROUTES.admin.restore },
  appBackup: { route: ROUTES.admin.appBackup },
  syncFollowTables: { route: ROUTES.admin.syncFollowTables },
  orphans: { route: ROUTES.admin.orphans },
  deleteOrphans: { route: ROUTES.admin.deleteOrphans, body: OrphanDeleteDto },
  lookup: { route: ROUTES.admin.userLookup },
  jobStatus: { route: ROUTES.admin.jobStatus },
  jobCounts: { route: ROUTES.admin.jobCounts },
});

describe('AdminToolsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(AdminToolsController, bindings));
});
