import { Controller } from '@nestjs/common';
import { Endpoint, QueryOf } from '../../common/endpoint';
import { GroupId, ROUTES, type AuditEntry, type AuditQuery, type Page } from '@cloud9/contracts';
import { AppClientOnly } from '../../common/app-client.guard';
import { Auth } from '../../common/auth/auth.decorators';
import { AuditService } from '../audit/audit.service';
import { Audited } from '../audit/audit.interceptor';

/** GET /api/admin/audit: the audit log, newest first (group 1 only; reading it is audited too). */
@Controller()
@Auth({ groups: [GroupId.Admin] })
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Endpoint(ROUTES.admin.audit)
  @AppClientOnly()
  @Audited({ action: 'admin.audit.list', target: (req) => (typeof req.query.query === 'string' && req.query.query ? `query:${req.query.query}` : null) })
  list(@QueryOf() query: AuditQuery): Promise<Page<AuditEntry>> {
    return this.audit.list(query);
  }
}
