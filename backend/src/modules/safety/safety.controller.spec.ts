import { ROUTES } from '@cloud9/contracts';
import { bindRoutes, expectControllerMatchesTable } from '../../../test/support/route-table';
import { PageQueryDto } from '../../common/paging/page-query';
import { SafetyController } from './safety.controller';
import { MutedWordDto } from './safety.dto';

const bindings = bindRoutes<SafetyController>()({
  mutes: { route: ROUTES.safety.mutes, query: PageQueryDto },
  mute: { route: ROUTES.safety.mute },
  unmute: { route: ROUTES.safety.unmute },
  blocks: { route: ROUTES.safety.blocks, query: PageQueryDto },
  block: { route: ROUTES.safety.block },
  unblock: { route: ROUTES.safety.unblock },
  mutedWords: { route: ROUTES.safety.mutedWords },
  addMutedWord: { route: ROUTES.safety.addMutedWord, body: MutedWordDto },
  removeMutedWord: { route: ROUTES.safety.removeMutedWord },
  notInterested: { route: ROUTES.safety.notInterested },
  interestedAgain: { route: ROUTES.safety.interestedAgain },
});

describe('SafetyController', () => {
  it('serves its routes of the route table', () => expectControllerMatchesTable(SafetyController, bindings));
});
