import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, Optional } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MulterError } from 'multer';
import { MESSAGES, type ApiError } from '@cloud9/contracts';
import { PG_ERROR, pgErrorCode } from './db/pg-errors';
import { isStatementTimeout } from './db/statement-limits';
import { isDependencyUnavailable } from './dependency-errors';
import { AppMetrics } from './metrics/app-metrics';
import { markUnexpected } from './logging/request-log';
import { RateLimitedException } from './rate-limit/rate-limit-headers';

const PG_TO_HTTP: Record<string, number> = {
  [PG_ERROR.uniqueViolation]: HttpStatus.CONFLICT, // that no service caught first
  '22P02': HttpStatus.BAD_REQUEST, // invalid_text_representation
  '22003': HttpStatus.BAD_REQUEST, // numeric_value_out_of_range
  '22007': HttpStatus.BAD_REQUEST, // invalid_datetime_format
  '22008': HttpStatus.BAD_REQUEST, // datetime_field_overflow
  '22001': HttpStatus.BAD_REQUEST, // string_data_right_truncation
  // Text and sizes the client chose (the edge refuses most before they reach PostgreSQL).
  '22021': HttpStatus.BAD_REQUEST, // character_not_in_repertoire (a NUL)
  '22P05': HttpStatus.BAD_REQUEST, // untranslatable_character
  '22025': HttpStatus.BAD_REQUEST, // invalid_escape_sequence (LIKE patterns)
  '2201B': HttpStatus.BAD_REQUEST, // invalid_regular_expression
  '54000': HttpStatus.BAD_REQUEST, // program_limit_exceeded (e.g. an index row too large)
  '54001': HttpStatus.BAD_REQUEST, // statement_too_complex
};

function messageOf(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown; error?: unknown }).message ?? (body as { error?: unknown }).error;
  if (Array.isArray(message)) return String(message[0]);
  return typeof message === 'string' ? message : exception.message;
}

/**
 * Every error leaves as `{ success: false, error, statusCode }`; nothing internal leaks out. What the
 * app did not expect (a 500 from anything but a deliberate HttpException) goes to the request's log
 * line, at error level with its stack; a dependency away is one warning per 10 s; the rest (4xx,
 * deliberate 5xx) is only the request line's status. A query PostgreSQL stopped at the request's
 * statement_timeout answers 503 'too slow' (with Retry-After) and counts in pg_statement_timeouts_total.
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  private unavailableLoggedAt = 0;
  private timeoutLoggedAt = 0;

  constructor(@Optional() private readonly metrics?: AppMetrics) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const [statusCode, error] = this.describe(exception);
    const timedOut = isStatementTimeout(exception);
    if (timedOut) this.countTimeout(exception, host.switchToHttp().getRequest<Request>());
    else if (isDependencyUnavailable(exception)) this.logUnavailable(exception, host.switchToHttp().getRequest<Request>().id);
    else if (statusCode >= 500 && !(exception instanceof HttpException)) markUnexpected(res, exception);
    if (res.headersSent) return;
    if (exception instanceof RateLimitedException) res.set(exception.headers);
    if (timedOut) res.set('Retry-After', '1');
    const body: ApiError = { success: false, error, statusCode };
    res.status(statusCode).json(body);
  }

  /** One line per 10 s while a dependency is away, not one per request. */
  private logUnavailable(exception: unknown, requestId: Request['id']): void {
    if (Date.now() - this.unavailableLoggedAt < 10_000) return;
    this.unavailableLoggedAt = Date.now();
    const msg = `503, PostgreSQL, Redis or the media store is unavailable: ${exception instanceof Error ? exception.message : String(exception)}`;
    this.logger.warn({ requestId, msg });
  }

  /** Counted each time; one warning line per 10 s naming the route, so a slow query can be found. */
  private countTimeout(exception: unknown, req: Request): void {
    this.metrics?.statementTimeouts.inc({ source: 'request' });
    if (Date.now() - this.timeoutLoggedAt < 10_000) return;
    this.timeoutLoggedAt = Date.now();
    const route = (req.route as { path?: string } | undefined)?.path ?? req.path;
    this.logger.warn({ requestId: req.id, msg: `503, a query of ${req.method} ${route} ran past DATABASE_STATEMENT_TIMEOUT_MS: ${(exception as Error).message}` });
  }

  private describe(exception: unknown): [number, string] {
    if (exception instanceof HttpException) return [exception.getStatus(), messageOf(exception)];
    if (exception instanceof MulterError) {
      if (exception.code === 'LIMIT_FILE_SIZE') return [HttpStatus.PAYLOAD_TOO_LARGE, MESSAGES.http.tooLarge];
      return [HttpStatus.BAD_REQUEST, MESSAGES.http.badRequest];
    }
    if (isStatementTimeout(exception)) return [HttpStatus.SERVICE_UNAVAILABLE, MESSAGES.http.tooSlow];
    if (isDependencyUnavailable(exception)) return [HttpStatus.SERVICE_UNAVAILABLE, MESSAGES.http.serviceUnavailable];
    const pgCode = pgErrorCode(exception);
    // A row the write refers to is gone: deleted while the request was in flight (the acting account
    // itself, the post it answers). Services that expect it say which; every other write answers 404 too.
    if (pgCode === PG_ERROR.foreignKeyViolation) return [HttpStatus.NOT_FOUND, MESSAGES.http.notFound];
    if (pgCode && PG_TO_HTTP[pgCode]) return [PG_TO_HTTP[pgCode], MESSAGES.http.badRequest];
    const err = exception as { status?: number } | null | undefined;
    if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) return [err.status, MESSAGES.http.badRequest];
    return [HttpStatus.INTERNAL_SERVER_ERROR, MESSAGES.http.internal];
  }
}
