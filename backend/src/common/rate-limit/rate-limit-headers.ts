import { HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import type { LimitState } from './shared-limiter';

/** The RateLimit-* fields (IETF draft, delta seconds) and, when refused, Retry-After. */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
  if (state.exceeded) headers['Retry-After'] = String(Math.max(state.resetSeconds, 1));
  return headers;
}

/** A 429 with a catalogue message; ErrorsFilter sends its headers along with the error body. */
export class RateLimitedException extends HttpException {
  constructor(
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Shows a limit on the response. A route with its own limit on top of the general one shows the
 * one with less left, so a client that follows the headers never runs into the other.
 */
export function showRateLimit(res: Response, state: LimitState): void {
  const shown = res.locals.rateLimit as LimitState | undefined;
  if (shown && shown.remaining <= state.remaining) return;
  res.locals.rateLimit = state;
  res.set(rateLimitHeaders(state));
}
