import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HTTP_MESSAGES, MESSAGES, SOCKET_PATH, type ApiError } from '@cloud9/contracts';
import { SETTINGS } from '../config/settings.module';
import { Settings } from '../config/settings';
import { Readiness } from './readiness';

/** Requests in flight may run until this share of SHUTDOWN_TIMEOUT_MS after the signal (the drain included); the rest closes jobs, Redis and the database. */
const IN_FLIGHT_UNTIL = 0.8;
/** How long idle connections ended at shutdown are read from, at most, so their clients close their end rather than be reset. */
const LINGER_MS = 100;
/** What a request that reaches a stopping instance is told: try again (elsewhere) at once. */
const RETRY_AFTER_SECONDS = 1;
/** The probes keep answering for themselves to the end (live 200; ready 503 draining): they start no work. */
const PROBES = /^\/api\/health\/(?:live|ready)\/?(?:\?|$)/i;

/** The same, written by hand to a connection whose request has begun to arrive but was not read whole yet. */
const STOPPING_RAW = `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${RETRY_AFTER_SECONDS}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;

/** An HTTP connection: how many answers it still owes, and how many bytes it had read when it last had none to owe. */
interface Connection {
  owed: number;
  readWhenIdle: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * 503 with Connection: close. `handled: false`: the request was not handled here and may be sent again
 * (Retry-After). `handled: true`: it ran out of time while being handled; a read may be sent again, but
 * a write may have been applied, so it gets no Retry-After.
 */
function answerStopping(req: IncomingMessage, res: ServerResponse, handled: boolean): void {
  const retry = !handled || SAFE_METHODS.has(req.method ?? '');
  const error = handled ? HTTP_MESSAGES.serviceUnavailable : MESSAGES.health.draining;
  const body = JSON.stringify({ success: false, error, statusCode: 503 } satisfies ApiError);
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...(retry ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
    Connection: 'close',
  });
  res.end(body);
}

/**
 * The HTTP side of a shutdown, in two steps (see Readiness). Draining (SIGTERM, for
 * SHUTDOWN_DRAIN_MS): everything is served as usual, but every answer carries `Connection: close`,
 * so kept-alive clients (a browser, a balancer's pool) open their next connection through the
 * balancer, which by then has seen ready answer 503 and sends it elsewhere. Stopping (app.close(),
 * after that delay): the port stops accepting; a request that arrives after that on a connection
 * still open (kept alive, or accepted a moment before) is not handled but answered 503 with
 * Retry-After and `Connection: close` (`refuseWhenStopped`), so its client can send it again
 * elsewhere, a POST included. Requests in flight may run until 80 % of SHUTDOWN_TIMEOUT_MS after
 * the signal (beforeApplicationShutdown, before the hooks that close jobs, Redis and the database,
 * which they still need). A connection that carries a request is never reset: one still unanswered
 * then is answered 503 with `Connection: close` (with Retry-After for a read; not for a write, which
 * may have been applied); only an answer already being written is cut. Idle connections are then
 * ended (FIN) and read from until their clients close them; one whose next request is half in gets
 * the 503 first.
 */
@Injectable()
export class HttpDrain implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  /** Requests the app is handling (not Socket.IO's long polls, which end with their sockets). */
  private readonly inFlight = new Set<ServerResponse>();
  /** Every HTTP connection open (not the ones upgraded to WebSocket). */
  private readonly connections = new Map<Socket, Connection>();
  private stopped = false;
  private finishBy = 0;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly readiness: Readiness,
  ) {}

  private get server(): Server {
    return this.adapterHost.httpAdapter.getHttpServer() as Server;
  }

  onModuleInit(): void {
    const server = this.server;
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { owed: 0, readWhenIdle: 0 });
      socket.once('close', () => this.connections.delete(socket));
    });
    // Socket.IO's now (RealtimeGateway tells and closes them).
    server.on('upgrade', (_req: IncomingMessage, socket: Socket) => this.connections.delete(socket));
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      const connection = this.connections.get(socket);
      if (connection) {
        connection.owed++;
        res.once('close', () => {
          connection.owed--;
          if (connection.owed === 0) connection.readWhenIdle = socket.bytesRead;
        });
      }
      if (req.url?.startsWith(SOCKET_PATH)) return;
      if (this.readiness.draining) res.setHeader('Connection', 'close');
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
    });
    void this.readiness.stopped.then(() => this.stopAccepting());
  }

  /** Mounted first in app.setup: once stopped, a new request is answered 503 instead of being handled. */
  readonly refuseWhenStopped = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (!this.stopped || PROBES.test(req.url ?? '')) return next();
    // It crossed the FIN of an idle connection ended below: it cannot be answered; its client sees the
    // connection closed before any answer (not reset: it is read to the end) and sends it again.
    if (req.socket.writableEnded) return void req.resume();
    answerStopping(req, res, false);
  };

  onModuleDestroy(): void {
    this.readiness.stop();
  }

  private stopAccepting(): void {
    if (this.stopped) return;
    this.stopped = true;
    const server = this.server;
    const listening = server.listening;
    // net.Server's close, not http.Server's: since Node 19 that one also destroys every connection it
    // takes for idle, which includes one accepted a moment ago whose request is still on its way in:
    // its client would get a reset, and a balancer cannot send a POST again after one.
    NetServer.prototype.close.call(server);
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const timeoutMs = this.settings.shutdownTimeoutMs;
    this.finishBy = Date.now() + this.readiness.shutdownLeftMs(timeoutMs) - timeoutMs * (1 - IN_FLIGHT_UNTIL);
    if (listening) this.logger.log(`stopped accepting connections (${this.inFlight.size} request(s) in flight, ${this.connections.size} connection(s) open)`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    while (this.inFlight.size > 0 && Date.now() < this.finishBy) await sleep(20);
    for (const res of this.inFlight) {
      if (res.headersSent) {
        res.destroy(); // an answer half written: nothing else can end it
      } else {
        res.on('error', () => undefined); // the handler's own answer, if it ever comes, goes nowhere
        answerStopping(res.req, res, true);
      }
    }
    // Connections that owe nothing: ended (FIN), then read until their clients close them. One whose
    // next request has begun to arrive (bytes read since its last answer) gets its 503 first.
    const idle = () => [...this.connections].filter(([socket, c]) => c.owed === 0 && !socket.destroyed);
    for (const [socket, c] of idle()) {
      if (socket.writableEnded) continue;
      if (socket.bytesRead > c.readWhenIdle) socket.end(STOPPING_RAW);
      else socket.end();
    }
    const until = Date.now() + LINGER_MS;
    while (idle().length > 0 && Date.now() < until) await sleep(10);
  }
}
