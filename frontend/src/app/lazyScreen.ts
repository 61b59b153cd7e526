import { lazy, type ComponentType } from 'react';
import { LIMITS } from '@cloud9/contracts';

/**
 * React.lazy for a named screen export, with the spec's 120 s chunk timeout, so a stalled
 * download ends in the error boundary (with a reload button) instead of an endless spinner.
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Loading this screen timed out.')), LIMITS.chunkLoadTimeoutMs);
        load().then(
          (screen) => {
            clearTimeout(timer);
            resolve({ default: screen });
          },
          (err: unknown) => {
            clearTimeout(timer);
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      }),
  );
}
