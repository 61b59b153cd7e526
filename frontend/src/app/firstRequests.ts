import { ROUTES, type CurrentUser } from '@cloud9/contracts';
import { requestPath } from '../api/paths';
import { SCREENS, type Screen, type ScreenMatch } from './screens';

/**
 * The API reads a signed-in visitor's first screen makes as it first draws: the boot script starts
 * them (startEarly) beside the code's download, so the data has arrived when the screen first draws
 * instead of being asked for only then. Every screen's: the session check (main.tsx) and the public
 * settings; then the screen's own (its `firstReads` in the screen table).
 */
export function firstRequests(screen: ScreenMatch | null, search: string, user: CurrentUser): string[] {
  const common = [requestPath(ROUTES.auth.me), requestPath(ROUTES.config.get)];
  // A query (Home's ?search=, a shared link's) changes what a screen reads first.
  if (!screen || (search !== '' && search !== '?')) return common;
  const { firstReads }: Screen = SCREENS[screen.name];
  return firstReads ? [...common, ...firstReads({ params: screen.params, user })] : common;
}
