import type { NextFunction, Request, Response } from 'express';
import { REQUEST_ID_HEADER, requestIdFrom } from './logging/request-id';
import type { RequestLine } from './logging/request-log';
import type { HttpMetric } from './metrics/http-metrics';
import { routeLabel } from './metrics/route-label';

/**
 * Mounted first, so edge refusals and the app's files count too: every request gets an id (kept
 * from a sane X-Request-Id, else new), answered in X-Request-Id, and when its response closes it is
 * timed into the metrics and written as one log line, under one route label. One middleware and one
 * listener for both: each layer and listener is paid by every request, a cached feed page included.
 */
export function observeRequests(line: RequestLine, metric: HttpMetric) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER.toLowerCase()]);
    res.setHeader(REQUEST_ID_HEADER, id);
    req.id = id;
    res.once('close', () => {
      const route = routeLabel(req);
      const durationMs = performance.now() - started;
      metric(req, res, route, durationMs);
      line(req, res, id, route, durationMs);
    });
    next();
  };
}
