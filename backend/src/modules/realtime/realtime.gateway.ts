import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import Redis from 'ioredis';
import { SocketErrors, SocketRooms } from '@cloud9/contracts';
import { REDIS, RedisKeys } from '../../common/redis.module';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { RealtimeService, sessionRoom, type RealtimeServer, type RealtimeSocket } from './realtime.service';
import { sessionCookieName } from '../../common/auth/session-cookie';
import { SessionUserSource } from '../../common/auth/session-user-source';
import { sessionIdFromCookie, userIdOfSession } from './socket-auth';

class SocketRefused extends Error {}

/**
 * Sockets at SOCKET_PATH (server options in RealtimeIoAdapter). The handshake is authenticated from
 * the session cookie exactly as the REST API does it (signed session cookie → the session in Redis → a user
 * who still exists); anything else is refused with `connect_error` "Unauthorized". A signed-in socket
 * joins `user:<id>` and `notices`; it never sends events (every action is a REST call).
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<RealtimeServer>, OnGatewayConnection<RealtimeSocket>, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private server: RealtimeServer | null = null;

  constructor(
    private readonly realtime: RealtimeService,
    private readonly users: SessionUserSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(SETTINGS) private readonly settings: Settings,
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
   * First thing at shutdown (as HttpDrain stops accepting), this instance's socket connections are
   * closed (not told to go away), so their clients reconnect at once, to another instance.
   */
  onModuleDestroy(): void {
    this.server?.engine.close();
  }

  async handleConnection(socket: RealtimeSocket): Promise<void> {
    await socket.join([SocketRooms.user(socket.data.userId), SocketRooms.notices, sessionRoom(socket.data.sessionId)]);
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
