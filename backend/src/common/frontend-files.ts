import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import * as path from 'node:path';
import type { Settings } from '../config/settings';
import { appShellCsp } from './security-headers';

/** Vite names every file it writes under assets/ by a hash of its content: a new content is a new URL. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (the SPA shell) and the unhashed files copied from public/: revalidated on each use, so a deploy is picked up. */
const REVALIDATE = 'no-cache';

const NOT_BUILT = 'The web app is not built yet: run `npm run build`.';

/**
 * The built web app's files. `npm run build` writes a brotli (.br) and a gzip (.gz) copy beside every
 * compressible file (vite-plugin-compression2, at the highest levels): the copy the request's
 * Accept-Encoding allows (brotli first) is sent as it is, with the original's Content-Type,
 * `Content-Encoding` and `Vary: Accept-Encoding`, so nothing is compressed per request. ETags and
 * 304s come from serve-static (each copy has its own ETag). The list of copies is read at start-up.
 */
function builtFiles(dist: string) {
  const assetsDir = path.join(dist, HASHED_ASSETS_DIR) + path.sep;
  return expressStaticGzip(dist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res: ServerResponse, file: string) => res.setHeader('Cache-Control', file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
    },
  }) as (req: Request, res: Response, next: NextFunction) => void;
}

/**
 * Scripts, styles and fonts Vite built: a CSP governs documents (and workers), never a file a page
 * loads, so these go without the app shell's ~650-byte header (about 2 KB of a first load).
 */
const SUBRESOURCE = new RegExp(`^/${HASHED_ASSETS_DIR}/[^/]+\\.(js|css|woff2?)$`);

/** The built React app, under its CSP, for every GET path that is not the API (Bull Board included), an upload or the socket. */
export function serveFrontend(settings: Settings) {
  const files = builtFiles(settings.frontendDist);
  const csp = appShellCsp(settings);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || /^\/(api|uploads|socket\.io)(\/|$)/.test(req.path)) return next();
    // Any other path is a screen of the app: the shell, served like a file (pre-compressed, ETag, no-cache).
    const shell = () => {
      req.url = '/index.html';
      files(req, res, (error?: unknown) => {
        if (error) return next(error);
        if (existsSync(path.join(settings.frontendDist, 'index.html'))) return next();
        res.status(503).type('text/plain').send(NOT_BUILT);
      });
    };
    const underCsp = (then: () => void) => csp(req, res, (error?: unknown) => (error ? next(error) : then()));
    // A script path that is no built file gets the shell, a document: under the CSP.
    if (SUBRESOURCE.test(req.path)) return files(req, res, (err?: unknown) => (err ? next(err) : underCsp(shell)));
    underCsp(() => files(req, res, (err?: unknown) => (err ? next(err) : shell())));
  };
}
