import { useDeferredValue } from 'react';

/**
 * How many of `total` items a screen draws: on mount the first `first` (what fills a screen), then
 * all of them in a deferred render right after, which React splits into short tasks and lets input
 * go first; a later change of `total` is deferred the same way. A phone's first paint then waits
 * for the visible part only, not for one long task building everything below it.
 */
export function useDrawnCount(total: number, first: number): number {
  return useDeferredValue(total, Math.min(total, first));
}
