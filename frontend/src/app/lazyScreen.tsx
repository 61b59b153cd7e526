import { startTransition, useEffect, useState } from 'react';
import { lazyWithTimeout, withTimeout } from '../lib/lazyWithTimeout';
import { arrivedComponent, arrivedSignedIn, load, loadSignedIn, type Loader } from './screens';

/**
 * A screen loaded on demand, with a 120 s chunk timeout. One whose code has already arrived (the
 * boot script loads the first one) is drawn at once, in the same pass as what surrounds it:
 * suspending for it would show its skeleton for 300 ms at least, React's pace for revealing a
 * Suspense boundary's content. Decided when it mounts, so a screen is never swapped for another
 * instance of itself.
 */
export function lazyScreen(loader: Loader) {
  const Lazy = lazyWithTimeout(() => load(loader));
  return function Screen() {
    const [Arrived] = useState(() => arrivedComponent(loader));
    return Arrived ? <Arrived /> : <Lazy />;
  };
}

/**
 * The signed-in shell (with the screen at `pathname`, see loadSignedIn) once its code has arrived,
 * null until then. Waited for in state rather than under Suspense, so the app appears the moment its
 * code has come, not 300 ms after the frame that stands in for it. A failed or stalled (120 s) load
 * is thrown to the nearest ErrorBoundary, as under React.lazy.
 */
export function useSignedInShell(pathname: string) {
  const [loaded, setLoaded] = useState(() => arrivedSignedIn(pathname));
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    withTimeout(loadSignedIn(pathname)).then(
      // A transition: React draws the app in short slices rather than one long task.
      (component) => current && startTransition(() => setLoaded(() => component)),
      (error: Error) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [loaded, pathname]);
  if (failure) throw failure;
  return loaded;
}
