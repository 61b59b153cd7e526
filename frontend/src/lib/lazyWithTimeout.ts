import { lazy, type ComponentType } from 'react';
import { LIMITS } from '@cloud9/contracts';

/** `load`'s result, or an error once LIMITS.chunkLoadTimeoutMs (120 s) have passed without one. */
export function withTimeout<T>(load: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading this part of the app timed out.')), LIMITS.chunkLoadTimeoutMs);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * React.lazy for a named export, with a 120 s chunk timeout, so a stalled download
 * ends in an error boundary instead of an endless spinner.
 */
export function lazyWithTimeout<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => withTimeout(load()).then((component) => ({ default: component })));
}
