import type { VisibilitySource } from '../realtime/visibility';

/** A tab's visibility, set by the test. */
export function fakeVisibility(initial = true): VisibilitySource & { set: (visible: boolean) => void } {
  let visible = initial;
  const listeners = new Set<() => void>();
  return {
    visible: () => visible,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      visible = next;
      listeners.forEach((listener) => listener());
    },
  };
}
