import type { Request, Response } from 'express';
import type { AppMetrics } from './app-metrics';
import { methodLabel } from './route-label';

/** The status counted for a request whose client went away before the answer was complete. */
const CLIENT_GONE = '499';

/** Counts a finished request under its route template and status, with its duration. */
export type HttpMetric = (req: Request, res: Response, route: string, durationMs: number) => void;

export function httpMetric(metrics: AppMetrics): HttpMetric {
  return (req, res, route, durationMs) => {
    const status = res.writableFinished ? String(res.statusCode) : CLIENT_GONE;
    metrics.httpDuration.observe({ method: methodLabel(req.method), route, status }, durationMs / 1000);
  };
}
