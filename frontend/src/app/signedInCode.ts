import type { ComponentType } from 'react';
import { arrivedComponent, load, type Loader } from './loadCode';
import { SCREENS, type ScreenName } from './screens';

/**
 * The signed-in shell's code, one chunk. Kept apart from the routes so the boot script (boot.ts) can
 * start a signed-in visitor's shell and screen downloads before the rest of the first load has
 * arrived (loadSignedIn).
 */
const shell: Loader = () => import('./SignedInRoutes').then((m) => m.SignedInRoutes);

/**
 * The shell and the screen (none: a path that redirects), both loaded (the browser fetches a module
 * once, however often asked): resolves to the shell, once the screen has arrived too or failed (its
 * own failure is shown where the screen goes).
 */
export function loadSignedIn(screen: ScreenName | null): Promise<ComponentType> {
  return Promise.all([load(shell), screen && load(SCREENS[screen].load).catch(() => undefined)]).then(([component]) => component);
}

/** The shell, if its code and that of `screen` have both arrived; otherwise null. */
export function arrivedSignedIn(screen: ScreenName | null): ComponentType | null {
  return screen && !arrivedComponent(SCREENS[screen].load) ? null : arrivedComponent(shell);
}
