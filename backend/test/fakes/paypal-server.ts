/**
 * A fake PayPal REST API on loopback for tests. Speaks PayPal's documented wire format:
 * - POST /v1/oauth2/token (HTTP Basic client_id:secret, body grant_type=client_credentials)
 *   -> { scope, access_token, token_type: 'Bearer', app_id, expires_in, nonce }
 * - GET /v1/billing/subscriptions/{id} (Bearer) -> the subscription (with status_update_time: when its status
 *   last changed), or 404 { name: 'RESOURCE_NOT_FOUND', ... }
 * - POST /v1/notifications/verify-webhook-signature (Bearer) -> { verification_status: 'SUCCESS' | 'FAILURE' }
 * - the browser side (stand-in JS SDK at /sdk/js, hosted donate page at /donate): see paypal-checkout.ts.
 * node:http only.
 */
import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeCheckout } from './paypal-checkout';

export interface FakePayPalSubscription {
  id: string;
  status: string;
  plan_id: string;
  billing_info?: { next_billing_time?: string };
  /** When the status last changed (ISO); the fake sets it when seeded without one and on setStatus. */
  status_update_time?: string;
}

interface FakePayPalRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text ('' when none). */
  body: string;
}

export interface FakePayPalOptions {
  clientId: string;
  secret: string;
  webhookId: string;
  /** Seconds a token lives (PayPal: about 32400). */
  expiresIn?: number;
}

export interface FakePayPal {
  /** Use as PAYPAL_API_BASE, e.g. `http://127.0.0.1:41234` (paths start with /v1). */
  baseUrl: string;
  seedSubscription(sub: FakePayPalSubscription): void;
  /**
   * What PayPal says of a subscription from now on, as if it changed at PayPal (a webhook is not sent):
   * its status (status_update_time becomes now) and, when given, its next billing time.
   */
  setStatus(id: string, status: string, nextBillingTime?: string | null): void;
  /** The only transmission_sig verify-webhook-signature accepts. */
  goodSignature: string;
  /** Every request received, oldest first (clear with `requests.length = 0`). */
  requests: FakePayPalRequest[];
  /** The stand-in SDK's next buyer approval fails (the button then calls onError). */
  failNextApproval(): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown, debugId = randomBytes(6).toString('hex')): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'paypal-debug-id': debugId });
  res.end(text);
}

const paypalError = (name: string, message: string, details: Array<Record<string, string>> = []) => ({
  name,
  message,
  debug_id: randomBytes(6).toString('hex'),
  details,
  links: [{ href: 'https://developer.paypal.com/docs/api/v1/billing/subscriptions#RESOURCE_NOT_FOUND', rel: 'information_link', method: 'GET' }],
});

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts the fake on 127.0.0.1 and resolves once it listens. */
export async function startFakePayPal(options: FakePayPalOptions): Promise<FakePayPal> {
  const requests: FakePayPalRequest[] = [];
  const subscriptions = new Map<string, FakePayPalSubscription>();
  const tokens = new Set<string>();
  const goodSignature = `fake-sig-${randomBytes(8).toString('hex')}`;
  const checkout = fakeCheckout(subscriptions, options.clientId);
  const expectedBasic = `Basic ${Buffer.from(`${options.clientId}:${options.secret}`).toString('base64')}`;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
    if (checkout.handle(req, res, url, body)) return;
    const auth = req.headers.authorization ?? '';

    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      if (auth !== expectedBasic) return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/applications/webhooks',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: options.expiresIn ?? 32400,
        nonce: `${new Date().toISOString()}${randomBytes(4).toString('hex')}`,
      });
    }

    // Everything else needs a Bearer token from /v1/oauth2/token.
    const bearer = /^Bearer (.+)$/.exec(auth)?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }

    const sub = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && sub) {
      const id = decodeURIComponent(sub[1]);
      const found = subscriptions.get(id);
      if (!found) {
        return send(
          res,
          404,
          paypalError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
            { issue: 'INVALID_RESOURCE_ID', description: 'Requested resource ID was not found.' },
          ]),
        );
      }
      return send(res, 200, {
        ...found,
        start_time: '2026-01-01T00:00:00Z',
        quantity: '1',
        create_time: '2026-01-01T00:00:00Z',
        links: [{ href: `${url.origin}/v1/billing/subscriptions/${found.id}`, rel: 'self', method: 'GET' }],
      });
    }

    if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
      let payload: Record<string, unknown>;
      try {
        payload = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return send(res, 400, paypalError('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'));
      }
      const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
      const missing = required.filter((k) => payload[k] === undefined || payload[k] === '');
      if (missing.length) {
        return send(
          res,
          400,
          paypalError(
            'VALIDATION_ERROR',
            'Invalid request - see details',
            missing.map((field) => ({ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: `${field} is required` })),
          ),
        );
      }
      const ok = payload.transmission_sig === goodSignature && payload.webhook_id === options.webhookId;
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    send(res, 404, paypalError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.'));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, paypalError('INTERNAL_SERVER_ERROR', 'An internal server error occurred.')));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seedSubscription: (s) => void subscriptions.set(s.id, { status_update_time: new Date().toISOString(), ...s }),
    setStatus: (id, status, nextBillingTime) => {
      const found = subscriptions.get(id);
      if (!found) throw new Error(`the fake PayPal has no subscription ${id}`);
      const billing_info = nextBillingTime === undefined ? found.billing_info : nextBillingTime ? { ...found.billing_info, next_billing_time: nextBillingTime } : {};
      subscriptions.set(id, { ...found, status, status_update_time: new Date().toISOString(), billing_info });
    },
    goodSignature,
    requests,
    failNextApproval: checkout.failNextApproval,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
