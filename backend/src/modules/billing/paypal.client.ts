import { Inject, Injectable, Logger } from '@nestjs/common';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';

/** How long the server waits for PayPal before giving up (then 502). */
const PAYPAL_TIMEOUT_MS = 5000;
/** A cached token is dropped this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** PayPal did not give a usable answer: `status` is its HTTP status, or null (timeout, network, bad JSON). */
export class PayPalError extends Error {
  constructor(
    readonly status: number | null,
    reason: string,
  ) {
    super(reason);
  }
}

/** The fields of GET /v1/billing/subscriptions/{id} the server uses. */
export interface PayPalSubscription {
  id: string;
  status: string;
  planId: string;
  nextBillingTime: Date | null;
}

/** The PAYPAL-* headers of a webhook delivery. */
export interface WebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

type Json = Record<string, unknown>;

/** A request body that is already JSON text (spliced in verbatim, never re-serialised). */
class JsonText {
  constructor(readonly text: string) {}
}
const serialise = (body: unknown) => (body instanceof JsonText ? body.text : JSON.stringify(body));
const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

/** The PayPal REST adapter: OAuth2 client credentials (token cached in memory), subscriptions, webhook verification. */
@Injectable()
export class PayPalClient {
  private readonly logger = new Logger('PayPal');
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  /** Client id and secret; the settings then require PAYPAL_WEBHOOK_ID too (webhooks are verified with it). */
  get configured(): boolean {
    return !!this.settings.paypalClientId && !!this.settings.paypalClientSecret;
  }

  /** GET /v1/billing/subscriptions/{id}; null when PayPal answers 404 (unknown id). */
  async getSubscription(id: string): Promise<PayPalSubscription | null> {
    const res = await this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    const body = res.body;
    if (!isObject(body) || typeof body.status !== 'string' || typeof body.plan_id !== 'string') {
      throw new PayPalError(null, 'subscription answer without status or plan_id');
    }
    const billing = isObject(body.billing_info) ? body.billing_info : {};
    const next = typeof billing.next_billing_time === 'string' ? new Date(billing.next_billing_time) : null;
    return {
      id: typeof body.id === 'string' ? body.id : id,
      status: body.status.toUpperCase(),
      planId: body.plan_id,
      nextBillingTime: next && !Number.isNaN(next.getTime()) ? next : null,
    };
  }

  /**
   * POST /v1/notifications/verify-webhook-signature with PAYPAL_WEBHOOK_ID; true only for SUCCESS.
   * `rawEvent` is the delivery's body exactly as PayPal sent it: the signature covers those bytes,
   * so it goes back verbatim (re-serialising parsed JSON can change numbers like 10.00 and fail).
   */
  async verifyWebhook(headers: WebhookHeaders, rawEvent: string): Promise<boolean> {
    if (!this.settings.paypalWebhookId) throw new PayPalError(null, 'PAYPAL_WEBHOOK_ID is not set');
    const fields = JSON.stringify({
      auth_algo: headers.authAlgo,
      cert_url: headers.certUrl,
      transmission_id: headers.transmissionId,
      transmission_sig: headers.transmissionSig,
      transmission_time: headers.transmissionTime,
      webhook_id: this.settings.paypalWebhookId,
    });
    const res = await this.call('POST', '/v1/notifications/verify-webhook-signature', new JsonText(`${fields.slice(0, -1)},"webhook_event":${rawEvent}}`));
    // PayPal answers 400 (VALIDATION_ERROR) for headers it cannot use: not verified.
    if (res.status === 400) return false;
    if (res.status >= 400) throw new PayPalError(res.status, `verify-webhook-signature answered ${res.status}`);
    return isObject(res.body) && res.body.verification_status === 'SUCCESS';
  }

  /** One authorised call; a 401 drops the cached token and retries once. 404 is returned, other errors thrown. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown, retried = false): Promise<{ status: number; body: unknown }> {
    const token = await this.accessToken();
    const res = await this.request(method, path, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? serialise(body) : undefined,
    });
    if (res.status === 401 && !retried) {
      this.token = null;
      return this.call(method, path, body, true);
    }
    if (res.status >= 400 && res.status !== 404 && !(res.status === 400 && path.startsWith('/v1/notifications/'))) {
      throw new PayPalError(res.status, `${method} ${path.split('/').slice(0, 4).join('/')} answered ${res.status}`);
    }
    return res;
  }

  private async accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value;
    // Concurrent callers share one token request.
    this.pendingToken ??= this.fetchToken().finally(() => (this.pendingToken = null));
    return this.pendingToken;
  }

  /** POST /v1/oauth2/token, HTTP Basic client_id:secret, grant_type=client_credentials. */
  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.settings.paypalClientId ?? ''}:${this.settings.paypalClientSecret ?? ''}`).toString('base64');
    const res = await this.request('POST', '/v1/oauth2/token', {
      headers: { authorization: `Basic ${basic}`, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (res.status !== 200 || !isObject(res.body) || typeof res.body.access_token !== 'string') {
      throw new PayPalError(res.status, `oauth2/token answered ${res.status}`);
    }
    const expiresIn = typeof res.body.expires_in === 'number' ? res.body.expires_in : 0;
    const lifetime = Math.max(0, expiresIn * 1000 - TOKEN_MARGIN_MS);
    this.token = { value: res.body.access_token, expiresAt: Date.now() + lifetime };
    return this.token.value;
  }

  private async request(method: string, path: string, init: { headers: Record<string, string>; body?: string }): Promise<{ status: number; body: unknown }> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), PAYPAL_TIMEOUT_MS);
    try {
      let res: Response;
      try {
        res = await fetch(`${this.settings.paypalApiBase}${path}`, { method, headers: init.headers, body: init.body, signal: abort.signal, redirect: 'error' });
      } catch (error) {
        throw new PayPalError(null, abort.signal.aborted ? `no answer in ${PAYPAL_TIMEOUT_MS} ms` : `unreachable (${(error as Error).name})`);
      }
      const text = await res.text().catch(() => {
        throw new PayPalError(null, abort.signal.aborted ? `no complete answer in ${PAYPAL_TIMEOUT_MS} ms` : 'answer could not be read');
      });
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          if (res.ok) throw new PayPalError(null, 'answer is not JSON');
        }
      }
      if (!res.ok) this.logger.warn(`${method} ${path.split('?')[0]} -> ${res.status} ${isObject(body) && typeof body.name === 'string' ? body.name : ''}`);
      return { status: res.status, body };
    } finally {
      clearTimeout(timer);
    }
  }
}
