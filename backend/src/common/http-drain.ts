import { BeforeApplicationShutdown, Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOCKET_PATH } from '@cloud9/contracts';
import { SETTINGS } from '../config/settings.module';
import { Settings } from '../config/settings';
import { Readiness } from './readiness';

/** The share of SHUTDOWN_TIMEOUT_MS that requests in flight get to finish; the rest closes jobs, Redis and the database. */
const DRAIN_SHARE = 0.4;

/**
 * The HTTP side of a shutdown (app.close(), which main.ts runs on SIGTERM). The moment the instance
 * is marked draining (the signal handler does it before anything closes; onModuleDestroy for a close
 * without a signal) the server stops accepting connections and closes its idle keep-alive ones, and
 * a busy connection closes after its response (`Connection: close`): a load balancer's next try is
 * refused at once and goes to another instance. Then (beforeApplicationShutdown, before the hooks
 * that close jobs, Redis and the database, which those requests still need) requests in flight get
 * part of SHUTDOWN_TIMEOUT_MS to finish, and every connection still open is cut.
 */
@Injectable()
export class HttpDrain implements OnModuleInit, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly readiness: Readiness,
  ) {}

  private get server(): Server {
    return this.adapterHost.httpAdapter.getHttpServer() as Server;
  }

  onModuleInit(): void {
    this.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith(SOCKET_PATH)) return; // Socket.IO long polls end with their sockets
      if (this.draining) res.setHeader('Connection', 'close');
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
    });
    void this.readiness.drained.then(() => this.stopAccepting());
  }

  onModuleDestroy(): void {
    this.readiness.drain();
    this.stopAccepting();
  }

  private stopAccepting(): void {
    if (this.draining) return;
    this.draining = true;
    this.server.close();
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  async beforeApplicationShutdown(): Promise<void> {
    const until = Date.now() + this.settings.shutdownTimeoutMs * DRAIN_SHARE;
    while (this.inFlight.size > 0 && Date.now() < until) await sleep(20);
    this.server.closeAllConnections();
  }
}
