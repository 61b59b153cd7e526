import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import Redis from 'ioredis';
import { SocketErrors, SocketRooms } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { PageVisibility } from './page-visibility.service';
import { RealtimeService, sessionRoom, type RealtimeServer, type RealtimeSocket } from './realtime.service';
import { SocketMessages } from './socket-messages.service';
import { sessionCookieName } from '../../common/auth/session-cookie';
import { SessionUserSource } from '../../common/auth/session-user-source';
import { Readiness } from '../../common/readiness';
import { sessionIdFromCookie, userIdOfSession } from '../../common/auth/signed-session-cookie';

class SocketRefused extends Error {}

/** How long a shutdown lets its sockets leave on their own after `server:draining`, before it closes the rest. */
const DRAIN_NOTICE_MS = 150;

/**
 * Sockets at SOCKET_PATH (server options in RealtimeIoAdapter). The handshake is authenticated from
 * the session cookie exactly as the REST API does it (signed session cookie → the session in Redis → a user
 * who still exists); anything else is refused with `connect_error` "Unauthorized". A signed-in socket
 * joins `user:<id>` and `notices`; it sends `page:visible` and what modules registered with SocketMessages
 * (typing marks); every action is a REST call.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<RealtimeServer>, OnGatewayConnection<RealtimeSocket>, OnGatewayDisconnect<RealtimeSocket>, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private server: RealtimeServer | null = null;

  constructor(
    private readonly realtime: RealtimeService,
    private readonly users: SessionUserSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly readiness: Readiness,
    private readonly visibility: PageVisibility,
    private readonly messages: SocketMessages,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.server = server;
    server.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (error: Error) => {
          if (!(error instanceof SocketRefused)) this.logger.warn(`Socket handshake failed: ${error.message}`);
          next(new Error(error instanceof SocketRefused ? SocketErrors.unauthorized : SocketErrors.unavailable));
        },
      );
    });
    this.realtime.attach(server);
  }

  /**
   * First thing at app.close() (after the drain delay), once the instance is stopping (so HttpDrain
   * has stopped accepting and a reconnect cannot land here again), this instance's sockets are told
   * `server:draining` (the web client then drops its connection and reconnects at once, skipping its
   * back-off, to another instance), and whatever is still connected shortly after is closed (not told
   * to go away: 'transport close'), so those clients reconnect too. Either way the server keeps their
   * session state, so the instance they reach next replays what they missed.
   */
  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.readiness.stop();
    await this.readiness.stopped;
    if (server.engine.clientsCount > 0) {
      server.local.emit('server:draining');
      const until = Date.now() + DRAIN_NOTICE_MS;
      while (server.engine.clientsCount > 0 && Date.now() < until) await sleep(10);
    }
    server.engine.close();
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    // The one event a client sends: whether its page is visible (Web Push skips a member who is looking).
    // Anything but a boolean is ignored.
    socket.on('page:visible', (visible: unknown) => {
      if (typeof visible !== 'boolean') return;
      this.visibility.report(socket, visible).catch((error: Error) => this.logger.warn(`page:visible not kept: ${error.message}`));
    });
    for (const [name, handler] of this.messages.registered()) {
      socket.on(name, (payload: unknown) => {
        handler(socket.data.userId, payload).catch((error: Error) => this.logger.warn(`${name} not handled: ${error.message}`));
      });
    }
    await socket.join([SocketRooms.user(socket.data.userId), SocketRooms.notices, sessionRoom(socket.data.sessionId)]);
  }

  handleDisconnect(socket: RealtimeSocket): void {
    void this.visibility.gone(socket).catch((error: Error) => this.logger.warn(`page visibility not cleared: ${error.message}`));
  }

  private async authenticate(socket: RealtimeSocket): Promise<void> {
    const sessionId = sessionIdFromCookie(socket.request.headers.cookie, { name: sessionCookieName(this.settings), secret: this.settings.sessionSecret });
    if (!sessionId) throw new SocketRefused();
    const userId = userIdOfSession(await this.redis.get(this.keys.session(sessionId)));
    if (!userId) throw new SocketRefused();
    const user = await this.users.findSessionUser(userId);
    if (!user) throw new SocketRefused();
    socket.data.userId = user.id;
    socket.data.sessionId = sessionId;
  }
}
