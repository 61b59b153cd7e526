import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/**
 * How many of `total` items a screen draws: on mount the first `first` (what fills a screen), then
 * the rest in deferred renders right after, which React splits into short tasks and lets input go
 * first; a later change of `total` is deferred the same way. A phone's first paint then waits for
 * the visible part only, not for one long task building everything below it. With a `step`, the
 * rest comes `step` items per deferred render, each committed in a task of its own: for screens whose
 * items are heavy (Settings' blocks), where committing them all at once is itself a long task.
 */
export function useDrawnCount(total: number, first: number, step = Infinity): number {
  const [steps, setSteps] = useState(1);
  const target = Math.min(total, first + steps * step);
  const drawn = useDeferredValue(target, Math.min(total, first));
  useEffect(() => {
    if (drawn === target && target < total) startTransition(() => setSteps((n) => n + 1));
  }, [drawn, target, total]);
  return Math.min(drawn, total);
}
