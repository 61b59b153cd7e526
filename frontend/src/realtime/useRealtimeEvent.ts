import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@cloud9/contracts';
import { subscribeRealtime, type RealtimeEvent } from './bus';

/** Calls `handler` (always the latest one) for each pushed `event` while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEvent>(event: E, handler: (payload: Parameters<ServerToClientEvents[E]>[0]) => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribeRealtime(event, (payload) => ref.current(payload)), [event]);
}
