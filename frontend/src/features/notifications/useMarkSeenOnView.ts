import { useEffect, useRef } from 'react';
import type { SeenKind } from '../../api/notifications';
import { useNotificationsStore } from '../../stores/notifications';

/**
 * Opening a tab marks its kind seen (opening the tab clears the dot), and so does a dot
 * that lights while the tab is open, since the new item is right there on top.
 */
export function useMarkSeenOnView(kind: SeenKind, dot: boolean): void {
  const markSeen = useNotificationsStore((s) => s.markSeen);
  const marked = useRef<SeenKind | null>(null);
  useEffect(() => {
    if (marked.current === kind && !dot) return;
    marked.current = kind;
    void markSeen(kind);
  }, [kind, dot, markSeen]);
}
