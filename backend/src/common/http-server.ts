import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { createServer } from 'node:http';
import type { Response } from 'express';
import type { Settings } from '../config/settings';
import { replyPrepared } from './prepared-json';

/** How often Node looks for connections past headersTimeout or requestTimeout (its default, 30 s, would let them linger). */
const TIMEOUT_CHECK_MS = 1000;

/**
 * Express on an http.Server created with deliberate limits (settings HTTP_*): a client that sends
 * its headers too slowly (slowloris) gets 408 and is disconnected, a request that takes longer than
 * HTTP_REQUEST_TIMEOUT_MS as a whole too, idle keep-alive sockets close, and headers larger than
 * HTTP_MAX_HEADER_BYTES get 431. Socket.IO attaches to this same server (app.getHttpServer()).
 * Values kept and answered many times (answerAsIs) go out from their prepared bytes.
 */
export class LimitedExpressAdapter extends ExpressAdapter {
  constructor(private readonly settings: Settings) {
    super();
  }

  override initHttpServer(options: NestApplicationOptions): void {
    const server = createServer(
      {
        maxHeaderSize: this.settings.httpMaxHeaderBytes,
        headersTimeout: this.settings.httpHeadersTimeoutMs,
        requestTimeout: this.settings.httpRequestTimeoutMs,
        keepAliveTimeout: this.settings.httpKeepAliveTimeoutMs,
        connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, this.settings.httpHeadersTimeoutMs),
      },
      this.getInstance(),
    );
    this.setHttpServer(server);
    // What ExpressAdapter.initHttpServer does besides creating the server (TLS ends at a proxy here).
    if (options?.forceCloseConnections) (this as unknown as { trackOpenConnections(): void }).trackOpenConnections();
  }

  /**
   * A handler's `null` goes out as JSON `null` (Nest's adapter would send an empty body without a
   * Content-Type, which is no JSON answer: the route table and the OpenAPI document say JSON).
   */
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (replyPrepared(response, body, statusCode)) return response;
    if (body === null) {
      if (statusCode) response.status(statusCode);
      return response.json(null);
    }
    return super.reply(response, body, statusCode);
  }
}
