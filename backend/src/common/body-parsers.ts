import { BadRequestException, HttpException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MESSAGES } from '@cloud9/contracts';
import { keepRawBody } from './raw-body';
import { BODY_LIMIT_BYTES, bodyTooLarge, hasBody } from './request-limits';
import { decodeComponent, hasForbiddenCharacter, jsonDepthExceeds, MAX_BODY_DEPTH } from './text-rules';

/**
 * Methods whose body no endpoint reads: it is left unread (see limitRequestBodies). DELETE's body is
 * read only as plain JSON (some deletions are confirmed in it: turning two-factor off, deleting an
 * account); any other DELETE body is left unread, never a 415.
 */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_FORM_FIELDS = 100;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Reads the body up to `limit` bytes; past it, 413 at once (the connection then closes). */
function readBody(req: Request, res: Response, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        reject(bodyTooLarge(res));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onAborted = () => onError(new BadRequestException(MESSAGES.http.badRequest));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}

/** Strict UTF-8: an invalid byte sequence is refused, not turned into U+FFFD. */
function decodeText(buf: Buffer): string {
  try {
    return utf8.decode(buf);
  } catch {
    throw new BadRequestException(MESSAGES.http.invalidCharacters);
  }
}

/** A JSON object: nesting checked before parsing, every key and string checked while parsing. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text === '') return {}; // an empty (chunked) body, as body-parser took it
  if (jsonDepthExceeds(text, MAX_BODY_DEPTH)) throw new BadRequestException(MESSAGES.http.bodyTooDeep);
  let forbidden = false;
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => {
      if (hasForbiddenCharacter(key) || (typeof v === 'string' && hasForbiddenCharacter(v))) forbidden = true;
      return v;
    });
  } catch {
    throw new BadRequestException(MESSAGES.http.invalidJson);
  }
  if (forbidden) throw new BadRequestException(MESSAGES.http.invalidCharacters);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new BadRequestException(MESSAGES.http.bodyMustBeObject);
  return value as Record<string, unknown>;
}

/**
 * A URL-encoded form as Express's simple parser builds it (repeated keys become arrays), but
 * strict: a bad escape, a NUL or an encoded surrogate is a 400, not a U+FFFD. No prototype.
 */
export function parseForm(text: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = Object.create(null);
  const pairs = text.split('&').filter(Boolean);
  if (pairs.length > MAX_FORM_FIELDS) throw new BadRequestException(MESSAGES.http.badRequest);
  try {
    for (const pair of pairs) {
      const eq = pair.indexOf('=');
      const key = decodeComponent(eq === -1 ? pair : pair.slice(0, eq), true);
      const value = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1), true);
      const seen = form[key];
      form[key] = seen === undefined ? value : ([] as string[]).concat(seen, value);
    }
  } catch {
    throw new BadRequestException(MESSAGES.http.invalidCharacters);
  }
  return form;
}

function mediaType(req: Request): { type: string; charset: string | null } {
  const header = req.headers['content-type'] ?? '';
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(header)?.[1]?.toLowerCase() ?? null;
  return { type: header.split(';')[0].trim().toLowerCase(), charset };
}

/**
 * The one body parser of /api. JSON and URL-encoded forms (UTF-8, uncompressed, up to 100 kB) are
 * read and checked here; multipart/form-data is left to the upload routes; any other type of body
 * is a 415 without reading it. Bodies of GET, HEAD and OPTIONS are never read, of DELETE only as JSON.
 */
export function parseBodies() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req) || BODILESS.has(req.method)) return next();
    const { type, charset } = mediaType(req);
    if (type === 'multipart/form-data') return next();
    const json = type === 'application/json';
    const form = type === 'application/x-www-form-urlencoded';
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    const plain = (charset === null || charset === 'utf-8' || charset === 'utf8') && encoding === 'identity';
    if (req.method === 'DELETE' && !(json && plain)) return next();
    if ((!json && !form) || (charset !== null && charset !== 'utf-8' && charset !== 'utf8') || encoding !== 'identity') {
      return next(new UnsupportedMediaTypeException(MESSAGES.http.unsupportedBodyType));
    }
    readBody(req, res, BODY_LIMIT_BYTES)
      .then((buf) => {
        const text = decodeText(buf);
        if (json) keepRawBody(req, res, buf);
        req.body = json ? parseJsonObject(text) : parseForm(text);
        next();
      })
      .catch((error: unknown) => next(error instanceof HttpException ? error : new BadRequestException(MESSAGES.http.badRequest)));
  };
}
