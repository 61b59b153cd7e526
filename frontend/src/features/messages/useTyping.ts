import { useEffect, useRef, useState } from 'react';
import { DM_RULES } from '@cloud9/contracts';
import { sendTyping } from '../../realtime/outgoing';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';

/**
 * Who else is typing in the conversation: each `dm:typing` shows its member for
 * DM_RULES.typingShowsMs (a new one starts the time again); a message from them ends it.
 */
export function useTypingMembers(conversationId: number, viewerId: number | null): number[] {
  const [typing, setTyping] = useState<number[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const stop = (userId: number) => {
    const timer = timers.current.get(userId);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(userId);
    setTyping((all) => (all.includes(userId) ? all.filter((id) => id !== userId) : all));
  };
  useRealtimeEvent('dm:typing', (push) => {
    if (push.conversationId !== conversationId || push.userId === viewerId) return;
    const before = timers.current.get(push.userId);
    if (before !== undefined) clearTimeout(before);
    timers.current.set(
      push.userId,
      setTimeout(() => stop(push.userId), DM_RULES.typingShowsMs),
    );
    setTyping((all) => (all.includes(push.userId) ? all : [...all, push.userId]));
  });
  useRealtimeEvent('dm:message', (push) => {
    if (push.conversationId === conversationId) stop(push.message.senderId);
  });
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
      all.clear();
    };
  }, []);
  return typing;
}

/** Calls `sendTyping` at most once every DM_RULES.typingEveryMs while the member types. */
export function useTypingSender(conversationId: number): () => void {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (now - last.current < DM_RULES.typingEveryMs) return;
    last.current = now;
    sendTyping(conversationId);
  };
}
