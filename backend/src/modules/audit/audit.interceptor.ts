import { applyDecorators, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, concatMap, from, Observable, throwError } from 'rxjs';
import { AuditService } from './audit.service';

export interface AuditSpec {
  /** What was done, e.g. 'admin.backup'. */
  action: string;
  /** Who or what it was done to, read from the request (path parameters, body). */
  target?: (req: Request) => string | null;
  /** A few facts of the answer worth keeping (never secrets); the job id is kept on its own. */
  details?: (body: never) => Record<string, unknown>;
}

const AUDIT_SPEC = 'c9:audit';

/** One word for how a call ended, from its HTTP status. */
export function auditResult(status: number): string {
  if (status === 202) return 'pending';
  if (status < 400) return 'ok';
  return ({ 400: 'invalid', 401: 'unauthorized', 403: 'refused', 404: 'not_found', 409: 'conflict', 503: 'unavailable' } as Record<number, string>)[status] ?? 'error';
}

const statusOf = (error: unknown) => (error instanceof HttpException ? error.getStatus() : 500);
const messageOf = (error: unknown) => (error instanceof HttpException ? error.message : 'internal error');

/**
 * Writes one audit_log row for every call of the route (who, what, target, when, result), also when
 * the call is refused: validation (pipes) runs inside the interceptor, so a bad body is audited too.
 * Guards run before it, so callers who are not admins never reach the audit log.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<AuditSpec | undefined>(AUDIT_SPEC, context.getHandler());
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const actor = req.user;
    if (!spec || !actor) return next.handle();
    const target = () => {
      try {
        return spec.target?.(req) ?? null;
      } catch {
        return null;
      }
    };
    return next.handle().pipe(
      concatMap((body: unknown) =>
        from(
          (async () => {
            const jobId = (body as { jobId?: unknown } | null)?.jobId;
            const details = { ...(typeof jobId === 'string' ? { jobId } : {}), ...(spec.details?.(body as never) ?? {}) };
            await this.audit.record(actor, spec.action, target(), auditResult(res.statusCode), Object.keys(details).length ? details : null);
            return body;
          })(),
        ),
      ),
      catchError((error: unknown) =>
        from(this.audit.record(actor, spec.action, target(), auditResult(statusOf(error)), { status: statusOf(error), error: messageOf(error) })).pipe(
          concatMap(() => throwError(() => error)),
        ),
      ),
    );
  }
}

/** Audits every call of this admin route (see AuditInterceptor). */
export const Audited = (spec: AuditSpec) => applyDecorators(SetMetadata(AUDIT_SPEC, spec), UseInterceptors(AuditInterceptor));
