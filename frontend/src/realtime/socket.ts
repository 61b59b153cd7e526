import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@cloud9/contracts';
import { API_BASE } from '../api/early';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The real client: same origin (or VITE_API_BASE), cookie auth, WebSocket first with long-polling
 * as the fallback, reconnecting on its own. Not connected until the caller says so.
 */
function createRealSocket(): RealtimeSocket {
  const options = {
    path: SOCKET_PATH,
    withCredentials: true,
    transports: ['websocket', 'polling'],
    // Without this a failed WebSocket aborts the attempt instead of trying long-polling.
    tryAllTransports: true,
    reconnection: true,
    autoConnect: false,
  };
  return API_BASE ? io(API_BASE, options) : io(options);
}

let factory: () => RealtimeSocket = createRealSocket;

/** The seam tests use to hand in a fake socket; `null` restores the real one. */
export function setSocketFactory(next: (() => RealtimeSocket) | null): void {
  factory = next ?? createRealSocket;
}

export const createSocket = (): RealtimeSocket => factory();
