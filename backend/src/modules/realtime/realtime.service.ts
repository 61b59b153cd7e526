import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Server, Socket } from 'socket.io';
import { SocketRooms, type ClientToServerEvents, type ServerToClientEvents } from '@cloud9/contracts';
import { AppMetrics } from '../../common/metrics/app-metrics';

/** What the gateway learnt about a socket at the handshake. */
interface SocketData {
  userId: number;
  sessionId: string;
  /** What the socket last reported with `page:visible` (PageVisibility). */
  visible?: boolean;
}
type ServerToServerEvents = Record<string, never>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerToServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerToServerEvents, SocketData>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/** The server-side room of one session's sockets (hashed: the session id stays out of the adapter's stream). */
export const sessionRoom = (sessionId: string) => `session:${createHash('sha256').update(sessionId).digest('base64url').slice(0, 22)}`;

/**
 * The one way services push live events (names and payloads typed in libs/contracts). The gateway
 * attaches the Socket.IO server at start; through the Redis adapter an emit here reaches sockets on
 * every instance. Without a server (a unit test) emits are dropped: clients catch up from the
 * database on reconnect.
 */
@Injectable()
export class RealtimeService {
  private server: RealtimeServer | null = null;

  constructor(private readonly metrics: AppMetrics) {}

  attach(server: RealtimeServer): void {
    this.server = server;
    this.metrics.countSocketsWith(() => server.sockets.sockets.size);
  }

  /** To every socket of one user (room `user:<id>`). */
  toUser<E extends EventName>(userId: number, event: E, ...payload: Payload<E>): void {
    this.counted(event);
    this.server?.to(SocketRooms.user(userId)).emit(event, ...payload);
  }

  /** To every socket of these users: one emit (one message through the adapter), however many they are. */
  toUsers<E extends EventName>(userIds: readonly number[], event: E, ...payload: Payload<E>): void {
    if (!userIds.length) return;
    this.counted(event);
    this.server?.to(userIds.map(SocketRooms.user)).emit(event, ...payload);
  }

  /**
   * To this instance's own sockets of one user, bypassing the Redis adapter (so it works while Redis
   * is away). Does nothing when the user has no socket here.
   */
  toLocalUser<E extends EventName>(userId: number, event: E, ...payload: Payload<E>): void {
    const room = SocketRooms.user(userId);
    if (!this.server?.sockets.adapter.rooms.has(room)) return;
    this.counted(event);
    this.server.local.to(room).emit(event, ...payload);
  }

  /** To every signed-in socket (room `notices`). */
  toEveryone<E extends EventName>(event: E, ...payload: Payload<E>): void {
    this.counted(event);
    this.server?.to(SocketRooms.notices).emit(event, ...payload);
  }

  /** To every signed-in socket but those of one user (room `notices` except `user:<id>`): one emit, whatever the number of sockets. */
  toEveryoneBut<E extends EventName>(userId: number, event: E, ...payload: Payload<E>): void {
    this.counted(event);
    this.server?.to(SocketRooms.notices).except(SocketRooms.user(userId)).emit(event, ...payload);
  }

  /**
   * Closes the sockets of ended sessions on every instance (sign-out, account deleted, sessions
   * revoked); their reconnects are then refused at the handshake.
   */
  disconnectSessions(sessionIds: string[]): void {
    if (sessionIds.length) this.server?.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  }

  /** One push, whatever number of sockets receive it. */
  private counted(event: EventName): void {
    if (this.server) this.metrics.socketEventsPushed.inc({ event });
  }
}
