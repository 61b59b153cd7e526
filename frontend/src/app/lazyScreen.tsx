import { useState } from 'react';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';
import { arrivedComponent, load, type Loader } from './loadCode';

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
