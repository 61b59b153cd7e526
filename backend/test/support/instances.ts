import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ServerToClientEvents } from '@cloud9/contracts';
import { bootWatched, type WatchedApp } from './harness';

export type ClientSocket = Socket<ServerToClientEvents>;

/** An app instance listening on a real port (sockets need one); instances on one Redis prefix form one deployment. */
export interface Instance {
  t: WatchedApp;
  url: string;
}

export async function startInstance(prefix: string): Promise<Instance> {
  const t = await bootWatched({ REDIS_PREFIX: prefix });
  const server: Server = await t.app.listen(0, '127.0.0.1');
  return { t, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Signed-in sockets over WebSocket only, never reconnecting; `closeSockets` ends them after a suite. */
export class SocketClients {
  private readonly sockets: ClientSocket[] = [];

  connect(url: string, cookie: string): Promise<ClientSocket> {
    const socket: ClientSocket = io(url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    this.sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  closeSockets(): void {
    for (const socket of this.sockets) socket.disconnect();
  }
}

/** Why the server closed the socket ('already' when it was closed before), or a timeout. */
export const closed = (socket: ClientSocket, timeoutMs = 3000) =>
  new Promise<string>((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
