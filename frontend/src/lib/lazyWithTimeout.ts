import { lazy, type ComponentType } from 'react';
import { LIMITS } from '@cloud9/contracts';

/**
 * React.lazy for a named export, with a 120 s chunk timeout, so a stalled download
 * ends in an error boundary instead of an endless spinner.
 */
export function lazyWithTimeout<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Loading this part of the app timed out.')), LIMITS.chunkLoadTimeoutMs);
        load().then(
          (component) => {
            clearTimeout(timer);
            resolve({ default: component });
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      }),
  );
}
