import type { Request } from 'express';

/** Requests whose exact body bytes a handler needs (signed webhooks), kept as `req.rawBody`. */
const RAW_BODY_PATHS = new Set(['/api/webhooks/paypal']);

export type RawBodyRequest = Request & { rawBody?: string };

/** express.json's `verify` hook: keeps the body text for the paths above only. */
export function keepRawBody(req: RawBodyRequest, _res: unknown, buf: Buffer): void {
  if (RAW_BODY_PATHS.has(req.originalUrl.split('?')[0])) req.rawBody = buf.toString('utf8');
}
