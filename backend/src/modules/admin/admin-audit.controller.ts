import { Controller, Get, Query } from '@nestjs/common';
import { GroupId, type AuditEntry, type Page } from '@cloud9/contracts';
import { AppClientOnly } from '../../common/app-client.guard';
import { Auth } from '../../common/auth/auth.decorators';
import { AuditService } from '../audit/audit.service';
import { AuditQueryDto } from './admin-tools.dto';
import { Audited } from '../audit/audit.interceptor';

/** GET /api/admin/audit: the audit log, newest first (group 1 only; reading it is audited too). */
@Controller('admin/audit')
@Auth({ groups: [GroupId.Admin] })
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @AppClientOnly()
  @Audited({ action: 'admin.audit.list', target: (req) => (typeof req.query.query === 'string' && req.query.query ? `query:${req.query.query}` : null) })
  list(@Query() query: AuditQueryDto): Promise<Page<AuditEntry>> {
    return this.audit.list(query);
  }
}
