import type { RequestHandler } from 'express';
import compression from 'compression';

/**
 * Below this many bytes an answer goes out as it is: the gzip or brotli framing and the CPU spent
 * outweigh what a few hundred bytes could save (most error and write answers are that small).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API JSON and any other text answer at request time, brotli or gzip by the request's
 * Accept-Encoding (brotli when both are equally acceptable), and adds `Vary: Accept-Encoding`. Types
 * that are already compressed (images, video, audio, woff2) are left alone (the `compressible` list),
 * and so is an answer that already has a Content-Encoding: the built web app's files are served
 * pre-compressed (see frontend-files.ts). Brotli runs at quality 4, compression's default: for bodies
 * made per request, higher qualities cost far more CPU for a few percent.
 * Socket.IO's polling transport never reaches express (engine.io answers /socket.io first, with its own
 * compression).
 */
export const compressResponses = (): RequestHandler => compression({ threshold: COMPRESSION_THRESHOLD_BYTES });
