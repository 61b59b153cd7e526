import { DEFAULT_CATEGORY, type CurrentUser } from '@cloud9/contracts';
import { persisted } from '../lib/persisted';
import { screenAt } from './screens';

/**
 * The API reads a signed-in visitor's first screen makes as it first draws, by the path it opens
 * at: the boot script starts them (startEarly) beside the code's download, so the data has arrived
 * when the screen first draws instead of being asked for only then. Each is the exact path the
 * screen asks for (firstRequests.test.tsx renders every screen and compares); a read no screen
 * takes is only wasted. Every screen: the session check (main.tsx) and the public settings.
 */
export function firstRequests(pathname: string, search: string, user: CurrentUser): string[] {
  const common = ['/api/me', '/api/config'];
  // A query (Home's ?search=, a shared link's) changes what a screen reads first.
  if (search !== '' && search !== '?') return common;
  const [, first, name = user.username] = pathname.split('/');
  switch (screenAt(pathname)) {
    case 'home':
      // Only the default feed: another category's path depends on what Home makes of it.
      return (persisted.selectedCategory.get() ?? DEFAULT_CATEGORY) === DEFAULT_CATEGORY ? [...common, '/api/posts?limit=20'] : common;
    case 'profile': {
      const username = encodeURIComponent(first === 'profile' ? decodeURIComponent(name) : user.username);
      return [...common, `/api/profile/${username}`, `/api/users/${username}/counts`, `/api/posts?limit=20&username=${username}`];
    }
    case 'notifications':
      return [...common, `/api/notifications/user/${user.id}?grouped=1`];
    case 'cloud9':
      return [...common, '/api/groups'];
    case 'settings':
      return [...common, `/api/get-subscription/${user.id}`, '/api/notifications/settings', '/api/mutes', '/api/blocks', '/api/muted-words'];
    default:
      return common;
  }
}
