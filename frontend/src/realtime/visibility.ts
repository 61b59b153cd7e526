/** Whether a page is visible, and word of each change: this tab's own, or the browser's (any tab visible). */
export interface VisibilitySource {
  visible: () => boolean;
  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

const isDocumentVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/** This tab's `document.visibilityState`. */
export const documentVisibility: VisibilitySource = {
  visible: isDocumentVisible,
  subscribe: (listener) => {
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

export interface BrowserVisibility extends VisibilitySource {
  /** Another tab's report (its `document.visibilityState` is or is not 'visible'). */
  report: (tab: string, visible: boolean) => void;
  /** That tab has gone (closed, signed out), or its reports are no longer current (a new leader asks again). */
  forget: (tab?: string) => void;
}

/**
 * The browser's visibility as the leader tab sees it: visible while this tab or any other tab
 * that reported is visible. Listeners hear only real changes of the aggregate.
 */
export function createBrowserVisibility(own: VisibilitySource = documentVisibility): BrowserVisibility {
  const others = new Map<string, boolean>();
  const listeners = new Set<() => void>();
  const compute = () => own.visible() || [...others.values()].some(Boolean);
  let last = compute();
  const changed = () => {
    const now = compute();
    if (now === last) return;
    last = now;
    for (const listener of [...listeners]) listener();
  };
  let unsubscribeOwn: (() => void) | null = null;

  return {
    visible: compute,
    subscribe: (listener) => {
      listeners.add(listener);
      if (!unsubscribeOwn) {
        last = compute();
        unsubscribeOwn = own.subscribe(changed);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribeOwn?.();
          unsubscribeOwn = null;
        }
      };
    },
    report: (tab, visible) => {
      others.set(tab, visible);
      changed();
    },
    forget: (tab) => {
      if (tab === undefined) others.clear();
      else others.delete(tab);
      changed();
    },
  };
}
