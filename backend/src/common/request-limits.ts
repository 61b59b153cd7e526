import { HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ServerResponse } from 'node:http';
import { MESSAGES } from '@cloud9/contracts';
import { lingerOnClose } from './lingering-close';

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
 * The answer goes out with `Connection: close`: the connection ends after it instead of reading
 * (and discarding) whatever body the client is still sending, or claims it will send, as the next
 * request's prelude. (How it ends, when the body is still coming: see lingerOnClose.)
 */
function closeConnection(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

/** A 413 that also ends the connection (the rest of the body is not read for a next request). */
export function bodyTooLarge(res: ServerResponse, message: string = MESSAGES.http.bodyTooLarge): HttpException {
  closeConnection(res);
  return new HttpException(message, HttpStatus.PAYLOAD_TOO_LARGE);
}

/**
 * First thing on every path. A body declared larger than any JSON or form endpoint takes is refused with
 * 413 before a byte of it is read (multipart bodies are judged by the upload route, which knows the
 * plan). And any answer sent while the body is still unread (a refusal, a body nobody parses)
 * closes the connection after a bounded lingering close (LINGER: the answer reaches a client that
 * writes its whole body first), so a slow or lying client cannot keep the server reading.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (hasBody(req) && !req.complete) {
      closeConnection(this);
      lingerOnClose(req, req.socket);
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];

  const length = declaredLength(req);
  const multipart = /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
  if (length !== null && length > BODY_LIMIT_BYTES && !multipart) return next(bodyTooLarge(res));
  next();
}
