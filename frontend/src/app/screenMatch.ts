import { matchRoutes } from 'react-router-dom';
import { SCREEN_NAMES, SCREENS, type ScreenMatch, type ScreenName } from './screens';

/** The screens' patterns as the router's routes, each named by its screen. */
const SCREEN_ROUTES = SCREEN_NAMES.map((name) => ({ id: name, path: SCREENS[name].path }));

/**
 * The screen a signed-in path shows, by the router's own matching over the screen table (the same
 * patterns SignedInRoutes renders); null for a path that redirects.
 */
export function screenMatch(pathname: string): ScreenMatch | null {
  const [match] = matchRoutes(SCREEN_ROUTES, pathname) ?? [];
  return match ? { name: match.route.id as ScreenName, params: match.params } : null;
}
