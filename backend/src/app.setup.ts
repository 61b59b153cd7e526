import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import RedisStore from 'connect-redis';
import session, { type Store } from 'express-session';
import { once } from 'node:events';
import { promises as fs } from 'node:fs';
import type Redis from 'ioredis';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { originGuard } from './common/origin.middleware';
import { securityHeaders } from './common/security-headers';
import { compressResponses } from './common/compression';
import { privateByDefault } from './common/cache-control';
import { serveFrontend } from './common/frontend-files';
import { apiRateLimit } from './common/rate-limit/api-rate-limit.middleware';
import { RateLimitsService } from './common/rate-limit/rate-limits.service';
import { LimitedExpressAdapter } from './common/http-server';
import { createRedis, RedisKeys } from './common/redis.module';
import { withTimeout } from './common/with-timeout';
import { isSecureDeployment, Settings } from './config/settings';
import { ensureDatabaseExists, runMigrations, sharedSessionSecret } from './database/database-bootstrap';
import { mountQueueDashboard } from './modules/admin/queue-dashboard';
import { MediaStorage } from './modules/media/storage/media-storage';
import { serveMedia } from './modules/media/storage/serve-media';
import { sessionWhenSent } from './common/auth/session-when-sent';
import { CachedSessionStore } from './common/auth/cached-session-store';
import { InvalidationBus } from './common/cache/invalidation-bus';
import { ReadReplica } from './common/db/read-replica';
import { renewSessionDaily, sessionLifetimes } from './common/auth/session-renewal';
import { noteSessionSeen } from './common/auth/session-seen';
import { sessionCookieName } from './common/auth/session-cookie';
import { RealtimeIoAdapter } from './modules/realtime/realtime-io.adapter';
import { parseBodies } from './common/body-parsers';
import { limitRequestBodies } from './common/request-limits';
import { refuseMalformedUrls } from './common/url-rules.middleware';
import { createLogger } from './common/logging/logger';
import { HttpDrain } from './common/http-drain';
import { requestLine } from './common/logging/request-log';
import { observeRequests } from './common/observe-requests';
import { AppMetrics } from './common/metrics/app-metrics';
import { httpMetric } from './common/metrics/http-metrics';
import { metricsOnMainPort } from './common/metrics/metrics-endpoint';
import { answerHotReads } from './common/hot-reads/answer-hot-reads';
import { HotReads } from './common/hot-reads/hot-reads';
import { SessionPeek } from './common/auth/session-peek';
import { SessionUserCache } from './common/auth/session-user-cache';
import { API_EXCEPT_HEALTH } from './common/health-probes';
import { API_REFERENCE_PATH, serveApiReference } from './modules/api-docs/api-reference-page';

/** A start-up problem worth one clear line, not a stack trace. */
export class StartupError extends Error {}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function connectPostgres(settings: Settings): Promise<void> {
  try {
    await ensureDatabaseExists(settings.databaseUrl);
  } catch (error) {
    throw new StartupError(
      `Cannot reach PostgreSQL at DATABASE_URL=${redact(settings.databaseUrl)} (${(error as Error).message}). ` +
        'Start it (pg_ctlcluster <version> main start, or docker compose up -d postgres) or set DATABASE_URL.',
    );
  }
  await runMigrations(settings.databaseUrl);
}

async function connectRedis(settings: Settings): Promise<Redis> {
  const redis = createRedis(settings);
  try {
    // Commands fail while the connection is not ready (no offline queue): wait for it first.
    await withTimeout(once(redis, 'ready'), 5000);
    redis.on('error', () => undefined); // ioredis reconnects on its own; requests answer 503 meanwhile
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new StartupError(
      `Cannot reach Redis at REDIS_URL=${redact(settings.redisUrl)} (${(error as Error).message}). ` +
        'Start it (redis-server --daemonize yes, or docker compose up -d redis) or set REDIS_URL.',
    );
  }
}

/**
 * Connects PostgreSQL (creating and migrating it) and Redis, then builds the HTTP + Socket.IO app.
 * Logs go to stdout, or to `logDestination` (a test that reads them).
 */
export async function createApp(settings: Settings, { logDestination }: { logDestination?: DestinationStream } = {}): Promise<INestApplication> {
  await connectPostgres(settings);
  // Without SESSION_SECRET (refused in production): the one every instance reads from the database.
  if (!settings.sessionSecret) settings.sessionSecret = await sharedSessionSecret(settings.databaseUrl);
  const redis = await connectRedis(settings);
  await fs.mkdir(settings.uploadDir, { recursive: true });

  const logger = createLogger(settings, logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(settings, redis, logger), new LimitedExpressAdapter(settings), {
    // Held until pino takes over (useLogger), so start-up lines are JSON too.
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(PinoNestLogger));
  // Out with the held lines now, and no holding after (else they wait for listen(), which a worker never calls).
  app.flushLogs();
  app.use(observeRequests(requestLine(logger), httpMetric(app.get(AppMetrics))));
  // Once a shutdown has stopped accepting, a request on a connection still open is answered 503 (HttpDrain).
  app.use(app.get(HttpDrain).refuseWhenStopped);
  app.set('trust proxy', settings.trustProxy ? 1 : false);
  app.disable('x-powered-by');
  app.use(securityHeaders(settings));
  // Signed-in reads find their session in memory; requests that may write read it from Redis.
  const sessions = new CachedSessionStore(
    new RedisStore({ client: redis, prefix: `${settings.redisPrefix}sess:`, disableTouch: true }),
    app.get(InvalidationBus),
    settings.sessionUserCacheMs,
  );
  const lifetimes = sessionLifetimes(settings);
  // The feed's pages take the lighter path when it can answer them exactly (else they go on below).
  if (settings.hotReads) {
    app.use(
      answerHotReads({
        reads: app.get(HotReads),
        sessions: new SessionPeek(sessions, { name: sessionCookieName(settings), secret: settings.sessionSecret }, lifetimes),
        users: app.get(SessionUserCache),
        limits: app.get(RateLimitsService),
        replica: app.get(ReadReplica),
        metrics: app.get(AppMetrics),
        settings,
      }),
    );
  }
  // Text answers are compressed (brotli or gzip) once they pass 1 KB; the built app's files come pre-compressed.
  app.use(compressResponses());
  // Hostile input is refused here, before sessions or routing: oversized bodies (on every path: no page,
  // file or unknown URL reads a body either), malformed URLs.
  app.use(limitRequestBodies);
  app.use('/api', refuseMalformedUrls);
  // The API reference page (static, the same for everyone): before the session and the API's privacy default.
  app.use(API_REFERENCE_PATH, serveApiReference(settings));
  // API answers are private (no cache keeps them) unless a route marks itself public; before the session.
  app.use('/api', privateByDefault);
  const sessionOn = (store: Store) =>
    session({
      name: sessionCookieName(settings),
      // No touch per request: renewSessionDaily extends the session at most once a day.
      store,
      secret: settings.sessionSecret,
      resave: false,
      saveUninitialized: false,
      rolling: false,
      // An https PUBLIC_URL means TLS ends at a proxy: trust its X-Forwarded-Proto for the Secure
      // cookie, or the cookie is never sent and sign-in silently fails without TRUST_PROXY.
      proxy: isSecureDeployment(settings) ? true : undefined,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: isSecureDeployment(settings),
        maxAge: Math.min(lifetimes.idleMs, lifetimes.absoluteMs),
      },
    });
  app.use(API_EXCEPT_HEALTH, sessionWhenSent({ reads: sessionOn(sessions), writes: sessionOn(sessions.forWrites()) }, sessionCookieName(settings)));
  app.use('/api', renewSessionDaily(lifetimes));
  // "Last seen" for the owner's list of sessions: at most one Redis write a minute per session.
  app.use('/api', noteSessionSeen(redis, app.get(RedisKeys), lifetimes.absoluteMs));
  app.use(API_EXCEPT_HEALTH, apiRateLimit(app.get(RateLimitsService)));
  app.use('/api', originGuard(settings));
  app.use('/api', parseBodies());
  // With a read replica: a writer's requests read the primary (after the body parsers, whose stream
  // callbacks would leave the request's async context).
  const reads = app.get(ReadReplica);
  if (reads.enabled) app.use('/api', reads.routeRequests());
  // Bull Board (group 1 only), before the SPA fallback and Nest's routes.
  mountQueueDashboard(app);
  app.use('/uploads', serveMedia(settings, app.get(MediaStorage)));
  app.use(metricsOnMainPort(app.get(AppMetrics), settings.metricsToken));
  app.use(serveFrontend(settings));
  app.setGlobalPrefix('api');
  // Socket.IO on this same HTTP server at /socket.io (RealtimeGateway), behind the Redis Streams adapter.
  app.useWebSocketAdapter(new RealtimeIoAdapter(app, settings));
  // No enableShutdownHooks: main.ts closes the app on SIGTERM, with a deadline (shutDownOnSignals).
  return app;
}

export const startupLogger = new Logger('Cloud9');
