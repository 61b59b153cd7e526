import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { PageQueryDto } from '../../common/paging/page-query';
import { BookmarksController } from './bookmarks.controller';
import { BookmarkDto } from './bookmarks.dto';

const bindings = bindRoutes<BookmarksController>()({
  list: { route: ROUTES.bookmarks.list, query: PageQueryDto },
  add: { route: ROUTES.bookmarks.add, body: BookmarkDto },
  remove: { route: ROUTES.bookmarks.remove },
});

describe('BookmarksController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(BookmarksController, bindings));
});
