import type { NextFunction, Request, Response } from 'express';
import type { AppMetrics } from './app-metrics';
import { methodLabel, routeLabel } from './route-label';

/** The status counted for a request whose client went away before the answer was complete. */
const CLIENT_GONE = '499';

/**
 * Times every HTTP request (mounted first, so edge refusals, pages and uploads count too) and
 * counts it under its route template and status when its answer ends.
 */
export function recordHttpMetrics(metrics: AppMetrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer();
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      end({ method: methodLabel(req.method), route: routeLabel(req), status: res.writableFinished ? String(res.statusCode) : CLIENT_GONE });
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
