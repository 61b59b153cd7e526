import type { NextFunction, Request, Response } from 'express';
import * as path from 'node:path';
import type { Settings } from '../../config/settings';
import { appShellCsp } from '../../common/security-headers';

/** Where the API reference lives; its files are under it too. */
export const API_REFERENCE_PATH = '/api/docs';

/** Revalidated on each use (ETag): an upgrade of the renderer is seen at once. */
const REVALIDATE = 'public, no-cache';

/** The renderer's files (swagger-ui-dist), served as they are, and nothing else of its folder. */
const RENDERER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);
const rendererDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/**
 * The page: the renderer's script, then ours, both from this origin (the app's CSP allows no inline
 * script). Absolute URLs, so /api/docs and /api/docs/ load the same files.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Cloud 9 Social API reference</title>
    <link rel="icon" type="image/png" href="${API_REFERENCE_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${API_REFERENCE_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_REFERENCE_PATH}/reference.js"></script>
  </body>
</html>
`;

/**
 * Renders /api/openapi.json. No validator badge (it would send the document to a third party); "Try
 * it out" calls this same origin with the visitor's own session.
 */
const START = `window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
});
`;

/**
 * GET /api/docs: the API reference, a page built in the browser from the OpenAPI document by
 * swagger-ui, served from our own origin under the app shell's CSP (docs/decisions/0084). Mounted
 * before the session and Nest: it reads no session and is the same for everyone.
 */
export function serveApiReference(settings: Settings) {
  const csp = appShellCsp(settings);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = req.path.replace(/^\/+/, '');
    if (file === '') {
      csp(req, res, (error?: unknown) => {
        if (error) return next(error);
        res.setHeader('Cache-Control', REVALIDATE);
        res.type('html').send(PAGE);
      });
      return;
    }
    if (file === 'reference.js') {
      res.setHeader('Cache-Control', REVALIDATE);
      res.type('js').send(START);
      return;
    }
    if (!RENDERER_FILES.has(file)) return next();
    res.sendFile(file, { root: rendererDir, cacheControl: false, headers: { 'Cache-Control': REVALIDATE } }, (error?: Error) => {
      if (error) next(error);
    });
  };
}
