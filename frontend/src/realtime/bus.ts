import type { ServerToClientEvents } from '@cloud9/contracts';

export type RealtimeEvent = keyof ServerToClientEvents;
type Payload<E extends RealtimeEvent> = Parameters<ServerToClientEvents[E]>[0];
type Listener<E extends RealtimeEvent> = (payload: Payload<E>) => void;

/**
 * Fans the socket's pushed events out to screens, so a screen can listen without holding the
 * socket (which comes and goes with the session).
 */
const listeners = new Map<RealtimeEvent, Set<(payload: never) => void>>();

export function subscribeRealtime<E extends RealtimeEvent>(event: E, listener: Listener<E>): () => void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  const entry = listener as (payload: never) => void;
  set.add(entry);
  return () => set.delete(entry);
}

export function publishRealtime<E extends RealtimeEvent>(event: E, payload: Payload<E>): void {
  for (const listener of listeners.get(event) ?? []) (listener as Listener<E>)(payload);
}
