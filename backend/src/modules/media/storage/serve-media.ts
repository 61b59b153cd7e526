import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { MESSAGES, type ApiError } from '@cloud9/contracts';
import type { Settings } from '../../../config/settings';
import { type ByteRange, isStorableKey, MediaStorage, RangeNotSatisfiableError } from './media-storage';
import { StorageUnavailableError } from '../../../common/dependency-errors';

/** A name is its content's SHA-256 (older uploads: a random name never reused), so a URL's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A stored file is shown, never run: nothing it could embed may load, and as a document it is sandboxed. */
const FILE_CSP = "default-src 'none'; media-src 'self'; img-src 'self'; sandbox";

/** One range (`bytes=0-99`, `bytes=100-`, `bytes=-100`); anything else (several ranges, other units) is answered whole. */
function byteRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') return { suffix: Number(match[2]) };
  const start = Number(match[1]);
  const end = match[2] === '' ? null : Number(match[2]);
  return end !== null && end < start ? undefined : { start, end };
}

const keyOf = (req: Request): string | null => {
  try {
    const key = decodeURIComponent(req.path.replace(/^\/+/, ''));
    return isStorableKey(key) ? key : null;
  } catch {
    return null;
  }
};

/** The key's path in a URL: each part encoded, the '/' kept. */
const urlPathOf = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** GET/HEAD of a stored file from the bucket: streamed through, with ranges (video seeking), ETag and 304s. */
function fromBucket(storage: MediaStorage): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = keyOf(req);
    if (!key) return next();
    void (async () => {
      const range = byteRange(req.headers.range);
      // HEAD answers the whole file's headers; a range only shapes a GET's body.
      const object = await storage.read(key, req.method === 'GET' ? range : undefined);
      if (!object) return next();
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('Content-Security-Policy', FILE_CSP);
      res.setHeader('Accept-Ranges', 'bytes');
      res.setHeader('Content-Type', object.contentType ?? 'application/octet-stream');
      if (object.etag) res.setHeader('ETag', object.etag);
      if (object.modifiedAt) res.setHeader('Last-Modified', object.modifiedAt.toUTCString());
      if (object.etag && req.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return void res.status(304).end();
      }
      if (object.range) {
        res.status(206).setHeader('Content-Range', `bytes ${object.range.start}-${object.range.end}/${object.total}`);
      }
      res.setHeader('Content-Length', String(req.method === 'HEAD' ? object.total : object.bytes));
      if (req.method === 'HEAD') {
        object.body.destroy();
        return void res.end();
      }
      // A client that goes away mid-file ends the bucket's stream too.
      await pipeline(object.body, res).catch(() => res.destroy());
    })().catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof RangeNotSatisfiableError) return void res.status(416).setHeader('Content-Range', `bytes */${error.total}`).end();
      if (error instanceof StorageUnavailableError) {
        const body: ApiError = { success: false, statusCode: 503, error: MESSAGES.http.serviceUnavailable };
        return void res.status(503).json(body);
      }
      next(error);
    });
  };
}

/**
 * /uploads/<key>: the stored files. With MEDIA_PUBLIC_URL (a CDN) a permanent redirect there (the
 * stored URLs stay /uploads/…, so the CDN can change without touching a row); otherwise the app
 * answers the file, from UPLOAD_DIR (serve-static) or from the bucket. Either way immutable.
 */
export function serveMedia(settings: Settings, storage: MediaStorage): RequestHandler {
  const publicBase = settings.storage.mediaPublicUrl;
  if (publicBase) {
    return (req, res, next) => {
      const key = keyOf(req);
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !key) return next();
      res.setHeader('Cache-Control', IMMUTABLE);
      res.redirect(301, `${publicBase}/${urlPathOf(key)}`);
    };
  }
  if (storage.driver === 's3') return fromBucket(storage);
  return express.static(settings.uploadDir, {
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '1y',
    setHeaders: (res) => res.setHeader('Content-Security-Policy', FILE_CSP),
  });
}
