import { Controller, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { EXPORT_CONTENT_TYPE, ROUTES, type DataExport, type DataExportList } from '@cloud9/contracts';
import { Endpoint, Params } from '../../common/endpoint';
import { Auth, AuthUser } from '../../common/auth/auth.decorators';
import type { SessionUser } from '../users/public';
import { ExportsService } from './exports.service';

/** The signed-in account's data exports: ask for one, list them, download one (issue 30, item 7). */
@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Endpoint(ROUTES.accountData.requestExport)
  @Auth()
  request(@AuthUser() user: SessionUser): Promise<DataExport> {
    return this.exports.request(user.id);
  }

  @Endpoint(ROUTES.accountData.exports)
  @Auth()
  list(@AuthUser() user: SessionUser): Promise<DataExportList> {
    return this.exports.list(user.id);
  }

  /** 200 with the ZIP as an attachment once built; 202 with its status while it is being built. */
  @Endpoint(ROUTES.accountData.export)
  @Auth()
  async download(@AuthUser() user: SessionUser, @Params('id') id: number, @Res({ passthrough: true }) res: Response): Promise<StreamableFile | DataExport> {
    const found = await this.exports.get(user.id, id);
    if ('pending' in found) {
      res.status(202);
      return found.pending;
    }
    const { ready } = found;
    return new StreamableFile(this.exports.open(ready), { type: EXPORT_CONTENT_TYPE, length: ready.bytes, disposition: `attachment; filename="${ready.filename}"` });
  }
}
