import { useEffect, useRef } from 'react';
import type { SeenKind } from '../../api/notifications';
import { useNotificationsStore } from '../../stores/notifications';

/**
 * Opening the tab of `kind` (`open`) marks it seen (opening the tab clears the dot), and so does a
 * dot that lights while the tab is open, since the new item is right there on top.
 */
export function useMarkSeenOnView(kind: SeenKind, dot: boolean, open: boolean): void {
  const markSeen = useNotificationsStore((s) => s.markSeen);
  const marked = useRef(false);
  useEffect(() => {
    if (!open) {
      marked.current = false;
      return;
    }
    if (marked.current && !dot) return;
    marked.current = true;
    void markSeen(kind);
  }, [kind, dot, open, markSeen]);
}
