import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { ModerationController } from './moderation.controller';
import { ModerationActionDto, ModerationQueryDto, ReportDto } from './moderation.dto';

const bindings = bindRoutes<ModerationController>()({
  report: { route: ROUTES.moderation.report, body: ReportDto },
  queue: { route: ROUTES.moderation.queue, query: ModerationQueryDto },
  act: { route: ROUTES.moderation.act, body: ModerationActionDto },
});

describe('ModerationController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(ModerationController, bindings));
});
