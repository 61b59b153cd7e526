import type { Request, Response } from 'express';
import type { Level, Logger } from 'pino';
// The request's id and unexpected error (req.id, res.err) as pino-http types them.
import type {} from 'pino-http';
import { loggableUrl, REDACTED, REQUEST_REDACT_PATHS } from './redaction';

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
function describe(req: Request, res: Response, route: string, durationMs: number) {
  // The lighter path (hot reads) reads no express-session: it leaves the viewer on req.user.
  const userId = req.session?.userId ?? req.user?.id;
  return {
    method: req.method,
    url: loggableUrl(req.originalUrl ?? req.url),
    route,
    status: res.statusCode,
    durationMs,
    ...(userId ? { userId } : {}),
  };
}

/** Writes a finished request's one line (who, what, how it ended, how long it took) at its level. */
export type RequestLine = (req: Request, res: Response, id: string, route: string, durationMs: number) => void;

/**
 * The request log's writer. No headers or bodies are written (cookies, tokens and passwords never
 * reach the log); the line is redacted by REQUEST_REDACT_PATHS, explicit paths with no wildcards.
 *
 * Written by hand rather than with pino-http, which did the same with a response wrapper, start-time
 * symbols, serializers and a child logger per request: logging cost a fifth of a cached feed page's
 * CPU.
 */
export function requestLine(logger: Logger): RequestLine {
  const requestLogger = logger.child({}, { redact: { paths: REQUEST_REDACT_PATHS, censor: REDACTED } });
  return (req, res, id, route, durationMs) => {
    const unexpected = !!res.err;
    const level = requestLogLevel(res.statusCode, unexpected, route);
    if (!requestLogger.isLevelEnabled(level)) return;
    const line = { requestId: id, ...describe(req, res, route, Math.round(durationMs)) };
    requestLogger[level](unexpected ? { ...line, err: res.err } : line, `${req.method} ${route} ${res.statusCode}`);
  };
}
