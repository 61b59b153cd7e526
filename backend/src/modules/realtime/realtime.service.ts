import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { SocketRooms, type ClientToServerEvents, type ServerToClientEvents } from '@cloud9/contracts';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/**
 * The one way services push live events (names and payloads typed in libs/contracts). The gateway
 * attaches the Socket.IO server at start; through the Redis adapter an emit here reaches sockets on
 * every instance. Without a server (a worker-only process, a unit test) emits are dropped: clients
 * catch up from the database on reconnect.
 */
@Injectable()
export class RealtimeService {
  private server: RealtimeServer | null = null;

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  /** To every socket of one user (room `user:<id>`). */
  toUser<E extends EventName>(userId: number, event: E, ...payload: Payload<E>): void {
    this.server?.to(SocketRooms.user(userId)).emit(event, ...payload);
  }

  /** To every signed-in socket (room `notices`). */
  toEveryone<E extends EventName>(event: E, ...payload: Payload<E>): void {
    this.server?.to(SocketRooms.notices).emit(event, ...payload);
  }
}
