import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DmMessage } from '@cloud9/contracts';
import { useMarkRead } from './queries';

const pageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Whether `node` is on screen (always, where IntersectionObserver is missing). */
function useOnScreen(node: RefObject<HTMLElement | null>, key: unknown): boolean {
  const [onScreen, setOnScreen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = node.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [node, key]);
  return onScreen;
}

/**
 * Marks the conversation read up to its newest message once that message is on screen and the tab
 * is visible (again when the tab comes back), each newest message once; one's own messages and a
 * request (not yet accepted) are not marked.
 */
export function useMarkReadWhenSeen(conversationId: number, newest: DmMessage | undefined, newestNode: RefObject<HTMLElement | null>, viewerId: number | null, accepted: boolean): void {
  const markRead = useMarkRead(conversationId);
  const marked = useRef(0);
  const onScreen = useOnScreen(newestNode, newest?.id);
  const [visible, setVisible] = useState(pageVisible);
  useEffect(() => {
    const update = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  const { mutate } = markRead;
  useEffect(() => {
    if (!newest || !accepted || !visible || !onScreen || newest.senderId === viewerId || newest.id <= marked.current) return;
    marked.current = newest.id;
    mutate(newest.id);
  }, [newest, accepted, visible, onScreen, viewerId, mutate]);
}
