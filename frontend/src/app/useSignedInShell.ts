import { startTransition, useEffect, useState } from 'react';
import { withTimeout } from '../lib/lazyWithTimeout';
import { screenMatch } from './screenMatch';
import { arrivedSignedIn, loadSignedIn } from './signedInCode';

/**
 * The signed-in shell (with the screen at `pathname`, see loadSignedIn) once its code has arrived,
 * null until then. Waited for in state rather than under Suspense, so the app appears the moment its
 * code has come, not 300 ms after the frame that stands in for it. A failed or stalled (120 s) load
 * is thrown to the nearest ErrorBoundary, as under React.lazy.
 */
export function useSignedInShell(pathname: string) {
  const screen = screenMatch(pathname)?.name ?? null;
  const [loaded, setLoaded] = useState(() => arrivedSignedIn(screen));
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    withTimeout(loadSignedIn(screen)).then(
      // A transition: React draws the app in short slices rather than one long task.
      (component) => current && startTransition(() => setLoaded(() => component)),
      (error: Error) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [loaded, screen]);
  if (failure) throw failure;
  return loaded;
}
