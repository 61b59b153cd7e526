import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import Redis, { type RedisOptions } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { SOCKET_PATH, SOCKET_RECOVERY_MS } from '@cloud9/contracts';
import { allowedOrigins, fromForeignPage } from '../../common/cross-site';
import { AppMetrics } from '../../common/metrics/app-metrics';
import { failFastRedisOptions } from '../../common/redis.module';
import { Settings } from '../../config/settings';

/** Redis keys and channels of the Socket.IO adapter, under REDIS_PREFIX like every other key. */
const socketRedisNames = (prefix: string) => ({
  streamName: `${prefix}socket.io`,
  channelPrefix: `${prefix}socket.io`,
  sessionKeyPrefix: `${prefix}sio:session:`,
});

/**
 * The Socket.IO server of the app: on the app's own HTTP server at SOCKET_PATH, browsers only from
 * PUBLIC_URL / ALLOWED_ORIGINS, and the Redis Streams adapter so an emit on any instance (or a
 * worker) reaches the sockets of every instance, with connection state recovery. The adapter has its
 * own Redis connections (one to publish; it duplicates one to read the stream and one for pub/sub),
 * closed with the app.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private readonly logger = new Logger('Realtime');
  private readonly redisClients: Redis[] = [];
  private readonly metrics: AppMetrics;

  constructor(
    app: INestApplicationContext,
    private readonly settings: Settings,
  ) {
    super(app);
    this.metrics = app.get(AppMetrics);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const allowed = allowedOrigins(this.settings);
    return super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      serveClient: false,
      // The client sends nothing but the handshake: every action is a REST call.
      maxHttpBufferSize: 16 * 1024,
      cors: { origin: [...allowed], credentials: true },
      // A foreign page must not open a socket with the user's cookie (cross-site WebSocket
      // hijacking): refused before any Engine.IO session exists, by the API's own rule for requests
      // that act (Origin, else Sec-Fetch-Site same-origin, else Referer; none of them = not a browser).
      allowRequest: (req, callback) => callback(null, !fromForeignPage(req.headers, allowed, true)),
      // Re-run the session check on a recovered connection too: the user may be gone meanwhile.
      connectionStateRecovery: { maxDisconnectionDuration: SOCKET_RECOVERY_MS, skipMiddlewares: false },
      adapter: createAdapter(this.adapterRedis(), { ...socketRedisNames(this.settings.redisPrefix), maxLen: 10_000 }),
    } as ServerOptions);
  }

  /** A dedicated connection whose duplicates (made by the adapter) are tracked, to be closed on shutdown. */
  private adapterRedis(): Redis {
    const track = (client: Redis): Redis => {
      // One line per outage, not one per reconnect attempt; ioredis reconnects on its own.
      let reported = false;
      client.on('ready', () => (reported = false));
      client.on('error', (error: Error) => {
        this.metrics.redisErrors.inc({ client: 'socket-adapter' });
        if (!reported) this.logger.warn(`Socket.IO adapter lost Redis (${error.message}); live events wait until it is back`);
        reported = true;
      });
      // The adapter leaves some command promises unhandled (SUBSCRIBE at start, the recovery SET when a
      // socket drops): while Redis is away, or at close, they would reject as unhandled rejections,
      // which end a Node process. Every command gets a handler; callers still see their rejection.
      const send = client.sendCommand.bind(client);
      client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
        const result = send(...args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      }) as Redis['sendCommand'];
      // The duplicates read the stream (a blocking XREAD) and subscribe: no request waits on them, and
      // a command timeout would cut the XREAD short and lose the entries it then returns.
      const duplicate = client.duplicate.bind(client);
      client.duplicate = ((override?: RedisOptions) => track(duplicate({ ...override, commandTimeout: undefined }))) as Redis['duplicate'];
      this.redisClients.push(client);
      return client;
    };
    // As createRedis (the handshake's session restore must not hang on a silent Redis), but with the
    // offline queue: an emit raised while the connection is re-established waits for it (within the
    // command timeout), and the stream reader's loop waits between attempts instead of spinning. A
    // short disconnectTimeout: the reader sits in a blocking XREAD, and Redis only notices the client
    // leaving once the block ends, which would hold shutdown up to 2 s.
    return track(new Redis(this.settings.redisUrl, { ...failFastRedisOptions(this.settings), enableOfflineQueue: true, disconnectTimeout: 100 }));
  }

  override async dispose(): Promise<void> {
    // disconnect(), not quit(): quit would queue behind the stream reader's blocking XREAD.
    for (const client of this.redisClients.splice(0)) client.disconnect();
    await super.dispose();
  }
}
