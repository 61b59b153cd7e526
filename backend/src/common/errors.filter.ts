import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { MulterError } from 'multer';
import { MESSAGES, type ApiError } from '@cloud9/contracts';

const PG_TO_HTTP: Record<string, number> = {
  '23505': HttpStatus.CONFLICT, // unique_violation that no service caught first
  '22P02': HttpStatus.BAD_REQUEST, // invalid_text_representation
  '22003': HttpStatus.BAD_REQUEST, // numeric_value_out_of_range
  '22007': HttpStatus.BAD_REQUEST, // invalid_datetime_format
  '22008': HttpStatus.BAD_REQUEST, // datetime_field_overflow
  '22001': HttpStatus.BAD_REQUEST, // string_data_right_truncation
};

function messageOf(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown; error?: unknown }).message ?? (body as { error?: unknown }).error;
  if (Array.isArray(message)) return String(message[0]);
  return typeof message === 'string' ? message : exception.message;
}

/** Every error leaves as `{ success: false, error, statusCode }`; nothing internal leaks out. */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const [statusCode, error] = this.describe(exception);
    if (statusCode >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (res.headersSent) return;
    const body: ApiError = { success: false, error, statusCode };
    res.status(statusCode).json(body);
  }

  private describe(exception: unknown): [number, string] {
    if (exception instanceof HttpException) return [exception.getStatus(), messageOf(exception)];
    if (exception instanceof MulterError) {
      if (exception.code === 'LIMIT_FILE_SIZE') return [HttpStatus.PAYLOAD_TOO_LARGE, MESSAGES.http.tooLarge];
      return [HttpStatus.BAD_REQUEST, MESSAGES.http.badRequest];
    }
    const err = exception as { code?: string; status?: number; type?: string; driverError?: { code?: string } };
    const pgCode = err?.driverError?.code ?? err?.code;
    if (pgCode && PG_TO_HTTP[pgCode]) return [PG_TO_HTTP[pgCode], MESSAGES.http.badRequest];
    if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) return [err.status, MESSAGES.http.badRequest];
    return [HttpStatus.INTERNAL_SERVER_ERROR, MESSAGES.http.internal];
  }
}
