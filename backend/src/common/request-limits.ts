import { HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ServerResponse } from 'node:http';
import { MESSAGES } from '@cloud9/contracts';

/** The largest JSON or URL-encoded body any endpoint takes. */
export const BODY_LIMIT_BYTES = 100 * 1024;
/** What a multipart form may carry besides its files: part headers, boundaries, the text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** True when the request announces a body (a Content-Length above 0, or a chunked one). */
export const hasBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** The declared Content-Length, or null when there is none (chunked, or no body). */
export function declaredLength(req: Request): number | null {
  const raw = req.headers['content-length'];
  return raw === undefined || !/^\d+$/.test(raw) ? null : Number(raw);
}

/**
 * The answer goes out with `Connection: close`: Node then closes the socket after it instead of
 * reading (and discarding) whatever body the client is still sending, or claims it will send.
 */
function closeConnection(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

/** A 413 that also ends the connection (the body is never read). */
export function bodyTooLarge(res: ServerResponse, message: string = MESSAGES.http.bodyTooLarge): HttpException {
  closeConnection(res);
  return new HttpException(message, HttpStatus.PAYLOAD_TOO_LARGE);
}

/**
 * First thing on every path. A body declared larger than any JSON or form endpoint takes is refused with
 * 413 before a byte of it is read (multipart bodies are judged by the upload route, which knows the
 * plan). And any answer sent while the body is still unread (a refusal, a body nobody parses)
 * closes the connection, so a slow or lying client cannot keep the server reading.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (hasBody(req) && !req.complete) closeConnection(this);
    return writeHead.apply(this, args);
  } as Response['writeHead'];

  const length = declaredLength(req);
  const multipart = /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
  if (length !== null && length > BODY_LIMIT_BYTES && !multipart) return next(bodyTooLarge(res));
  next();
}
