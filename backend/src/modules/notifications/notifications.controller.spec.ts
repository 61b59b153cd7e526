import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { PageQueryDto } from '../../common/paging/page-query';
import { NotificationsController } from './notifications.controller';
import { AlertsQueryDto, NoticeBodyDto, NoticeSearchDto, NotificationSettingsDto, SeenDto } from './notifications.dto';

const bindings = bindRoutes<NotificationsController>()({
  userAlerts: { route: ROUTES.notifications.alerts, query: AlertsQueryDto },
  listNotices: { route: ROUTES.notifications.notices, query: PageQueryDto },
  saveNotice: { route: ROUTES.notifications.saveNotice, body: NoticeBodyDto },
  removeNotice: { route: ROUTES.notifications.deleteNotice },
  searchNotices: { route: ROUTES.notifications.searchNotices, query: NoticeSearchDto },
  status: { route: ROUTES.notifications.status },
  markSeen: { route: ROUTES.notifications.markSeen, body: SeenDto },
  settings: { route: ROUTES.notifications.settings },
  saveSettings: { route: ROUTES.notifications.saveSettings, body: NotificationSettingsDto },
});

describe('NotificationsController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(NotificationsController, bindings));
});
