import type { Request, Response } from 'express';
import type { Level, Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { routeLabel } from '../metrics/route-label';
import { loggableUrl } from './redaction';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';

/** Probes and scrapes that succeed are polled every few seconds: written only at debug level. */
const POLLED_ROUTES = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/**
 * A finished request's level: an unexpected failure (an error the errors filter marked, with its
 * stack) is an error. Anything else is info, without a stack: 4xx are the client's business, and the
 * expected 5xx (a dependency away, draining, a provider failing) come in floods during an outage,
 * which the errors filter already reports as one warning per 10 s and the metrics count. Successful
 * probes and scrapes are debug.
 */
export function requestLogLevel(status: number, unexpected: boolean, route: string): Level {
  if (unexpected) return 'error';
  if (status < 400 && POLLED_ROUTES.has(route)) return 'debug';
  return 'info';
}

/** Marks an error the app did not expect, so its request's log line is an error with the stack. */
export function markUnexpected(res: Response, error: unknown): void {
  res.err = error instanceof Error ? error : new Error(String(error));
}

/** The fields of a request's line: who, what (route template and URL), how it ended, how long it took. */
function describe(req: Request, res: Response, durationMs: unknown) {
  const userId = req.session?.userId;
  return {
    method: req.method,
    url: loggableUrl(req.originalUrl ?? req.url),
    route: routeLabel(req),
    status: res.statusCode,
    durationMs,
    ...(userId ? { userId } : {}),
  };
}

const summary = (req: Request, res: Response) => `${req.method} ${routeLabel(req)} ${res.statusCode}`;

/**
 * The request log, mounted first: every request gets an id (kept from a sane X-Request-Id, else
 * new), answered in X-Request-Id and carried by every line logged while it runs; one line when it
 * ends. No headers or bodies are written (cookies, tokens and passwords never reach the log).
 */
export function logRequests(logger: Logger) {
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (req, res) => {
      const id = requestIdFrom(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    quietReqLogger: true,
    quietResLogger: true,
    // 'silent' when the level is off: pino-http then builds no line at all.
    customLogLevel: (req, res) => {
      const level = requestLogLevel(res.statusCode, !!res.err, routeLabel(req));
      return logger.isLevelEnabled(level) ? level : 'silent';
    },
    customSuccessObject: (req, res, base: { durationMs?: unknown }) => describe(req, res, base.durationMs),
    customErrorObject: (req, res, _error, base: { durationMs?: unknown }) => ({ ...describe(req, res, base.durationMs), ...(res.err ? { err: res.err } : {}) }),
    customSuccessMessage: summary,
    customErrorMessage: summary,
  });
}
