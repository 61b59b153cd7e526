import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Settings } from '../../config/settings';
import type { SessionPeek } from '../auth/session-peek';
import type { SessionUserCache } from '../auth/session-user-cache';
import { markPrivate } from '../cache-control';
import { allowedOrigins, fromForeignPage } from '../cross-site';
import type { ReadReplica } from '../db/read-replica';
import type { AppMetrics } from '../metrics/app-metrics';
import { answerAsIs, replyPrepared } from '../prepared-json';
import { countApiRequest } from '../rate-limit/api-rate-limit.middleware';
import type { RateLimitsService } from '../rate-limit/rate-limits.service';
import { subjectOf } from '../rate-limit/subjects';
import { hasBody } from '../request-limits';
import { isCleanUrl } from '../url-rules.middleware';
import type { HotRead, HotReads } from './hot-reads';

export interface HotReadsParts {
  reads: HotReads;
  sessions: SessionPeek;
  users: SessionUserCache;
  limits: RateLimitsService;
  replica: ReadReplica;
  metrics: AppMetrics;
  settings: Settings;
}

/**
 * The lighter path for the hottest GETs (the feed's pages, post search): mounted right after the security
 * headers, it answers them without express-session, the router's walk through every middleware
 * and Nest's guard, pipe and handler layers, which were three fifths of a cached page's CPU.
 *
 * It answers only what it can answer exactly as the full pipeline would, by the same parts: the
 * general rate limit and its headers (countApiRequest), the private Cache-Control, the session's
 * user (SessionPeek, SessionUserCache), the read replica's routing, the route's own service call
 * and the prepared bytes of its answer (ETag, 304, brotli/gzip); its errors go on to the app's
 * error filter. Every other request goes on untouched (`next()`): another method or path, a body,
 * a URL the edge would refuse, a request from a foreign page, a query the route's DTO must judge,
 * a session that is not certain from memory, an account that is gone. HOT_READS=0 turns it off.
 */
export function answerHotReads(parts: HotReadsParts): RequestHandler {
  const allowed = allowedOrigins(parts.settings);
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const q = req.url.indexOf('?');
    const found = parts.reads.at(q < 0 ? req.url : req.url.slice(0, q));
    if (!found || hasBody(req) || !isCleanUrl(req.url) || fromForeignPage(req.headers, allowed, false)) return next();
    const { read, params } = found;
    const userId = parts.sessions.userIdOf(req.headers);
    if (userId === undefined || (read.signedIn && userId === null)) return next();
    const query = read.query(req.query as Record<string, unknown>, params);
    if (query === undefined) return next();
    answer(parts, read, query, userId, req, res, next).catch(next);
  };
}

async function answer(parts: HotReadsParts, read: HotRead<unknown>, query: unknown, userId: number | null, req: Request, res: Response, next: NextFunction): Promise<void> {
  const viewer = userId === null ? null : await parts.users.find(userId);
  // The account is gone: the full pipeline drops the user from the session.
  if (userId !== null && !viewer) return next();
  if (viewer) req.user = viewer;
  parts.metrics.hotReads.inc({ route: read.path });
  // What the router would have set: the route's label for the metrics and the log line.
  req.route = { path: read.path };
  markPrivate(res);
  // The compression middleware adds it to every JSON answer, whatever its size.
  res.vary('Accept-Encoding');
  await countApiRequest(parts.limits, req, res, userId);
  for (const bucket of read.limits ?? []) await parts.limits.consumeFor(res, bucket, subjectOf(req, userId));
  const body = await parts.replica.asReadBy(userId, () => read.answer(query, viewer));
  replyPrepared(res, answerAsIs(body));
}
