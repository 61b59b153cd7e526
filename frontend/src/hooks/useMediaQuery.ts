import { useSyncExternalStore } from 'react';

/** The query's list; null where the browser has no matchMedia (jsdom). */
const listFor = (query: string): MediaQueryList | null => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/** Whether the CSS media query matches, following changes (a resized window, a turned tablet); false without matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listFor(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => listFor(query)?.matches ?? false,
  );
}
