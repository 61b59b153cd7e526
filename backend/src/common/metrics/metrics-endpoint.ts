import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES, type ApiError } from '@cloud9/contracts';
import type { AppMetrics } from './app-metrics';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return !!match && timingSafeEqual(digest(match[1]), digest(token));
}

/** Writes the scrape (GET or HEAD), uncached. */
export async function writeScrape(metrics: AppMetrics, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { contentType, body } = await metrics.scrape();
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function writeNotFound(res: ServerResponse): void {
  const body: ApiError = { success: false, error: MESSAGES.http.notFound, statusCode: 404 };
  res.statusCode = 404;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/**
 * /metrics on the main port: with METRICS_TOKEN set, answered to `Authorization: Bearer <token>`;
 * otherwise (no token set, none sent, a wrong one) 404, as if there were nothing here, so the path
 * tells a stranger nothing and the app's pages never shadow it.
 */
export function metricsOnMainPort(metrics: AppMetrics, token: string | null) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== METRICS_PATH) return next();
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !token || !bearerMatches(req.headers.authorization, token)) return writeNotFound(res);
    writeScrape(metrics, req, res).catch(next);
  };
}
