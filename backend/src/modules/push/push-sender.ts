import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { SETTINGS } from '../../config/settings.module';
import { Settings } from '../../config/settings';
import { hostOf, isPublicAddress, privateAddress } from '../../common/net/public-address';
import { VapidKeys } from './vapid-keys';

/** A push service's answer to one delivery, as the delivery acts on it. */
export type SendOutcome =
  /** 2xx: the push service took it. */
  | { kind: 'delivered'; status: number }
  /** 404 or 410: the subscription has expired or was unsubscribed; it is deleted. */
  | { kind: 'gone'; status: number }
  /** The endpoint is hostile now (a name resolving to a private address, a redirect): the subscription is dropped. */
  | { kind: 'refused'; reason: string }
  /** 429, 5xx, a timeout or a network failure: tried again later (no sooner than `retryAfterMs` when the service said). */
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  /** Any other answer (400, 401, 403, 413): not tried again, the subscription kept. */
  | { kind: 'failed'; status: number };

/** One delivery: the subscription's keys, the payload's JSON, and the Web Push headers' values. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}
export interface PushOptions {
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  topic: string | null;
}

/** A name resolved to an address a push must not reach. */
class PrivateTarget extends Error {}

/** How long a VAPID JWT is made for, and how long before its end a new one is made. */
const VAPID_JWT_SECONDS = 12 * 3600;
const VAPID_RENEW_SECONDS = 3600;
/** The longest Retry-After honoured (a service asking for more is asked again then). */
const RETRY_AFTER_MAX_MS = 30 * 60 * 1000;
/** Connections kept open per push service (deliveries of one batch go out together). */
const SOCKETS_PER_SERVICE = 64;

/** Retry-After in milliseconds (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), RETRY_AFTER_MAX_MS) : null;
}

/**
 * Sends one push (RFC 8030 with VAPID, RFC 8292, and the aes128gcm payload, RFC 8291): `web-push`
 * encrypts and signs (generateRequestDetails); this sends it itself, so that the hostile endpoint is
 * held: names are resolved by `resolve` and every address checked before the socket connects to it
 * (the agents' lookup, so the address checked is the address used), IP literals checked likewise, no
 * redirect followed (a 3xx refuses the endpoint), the whole exchange bounded by PUSH_TIMEOUT_MS.
 * PUSH_ALLOW_PRIVATE_ENDPOINTS lifts the address checks and allows http: (tests, the bench).
 */
@Injectable()
export class PushSender implements OnApplicationShutdown {
  /** How endpoint names are resolved (dns.lookup, every address): the seam tests map a name through. */
  resolve: (host: string) => Promise<LookupAddress[]> = (host) => dns.lookup(host, { all: true, verbatim: true });

  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.resolve(hostname)
      .then((addresses) => {
        const refused = this.allowPrivate ? null : privateAddress(addresses);
        if (refused) throw new PrivateTarget(`${hostname} resolves to ${refused}`);
        if (!addresses.length) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        return wanted.length ? wanted : addresses;
      })
      .then(
        (usable) => {
          if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
          else callback(null, usable[0].address, usable[0].family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
  };

  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE, lookup: this.lookup });
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_SERVICE, lookup: this.lookup });
  private readonly allowPrivate: boolean;
  private readonly timeoutMs: number;
  /** The VAPID Authorization header per push service origin, with its JWT's end (seconds). */
  private readonly vapidHeaders = new Map<string, { header: string; expires: number }>();

  constructor(
    @Inject(SETTINGS) settings: Settings,
    private readonly vapid: VapidKeys,
  ) {
    this.allowPrivate = settings.pushAllowPrivateEndpoints;
    this.timeoutMs = settings.pushTimeoutMs;
  }

  async send(target: PushTarget, payload: string, options: PushOptions): Promise<SendOutcome> {
    const url = new URL(target.endpoint);
    if (!this.allowPrivate) {
      if (url.protocol !== 'https:') return { kind: 'refused', reason: 'not https' };
      const host = hostOf(url);
      if (isIP(host) && !isPublicAddress(host)) return { kind: 'refused', reason: `private address ${host}` };
    }
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      ...(options.topic ? { topic: options.topic } : {}),
      contentEncoding: 'aes128gcm',
      headers: { Authorization: this.authorization(url.origin) },
    });
    return this.post(url, details.headers as Record<string, string | number>, details.body as Buffer);
  }

  /** `vapid t=<JWT>, k=<public key>` for the push service at `origin`, made again an hour before it ends. */
  private authorization(origin: string): string {
    const now = Math.floor(Date.now() / 1000);
    const kept = this.vapidHeaders.get(origin);
    if (kept && kept.expires - now > VAPID_RENEW_SECONDS) return kept.header;
    const { publicKey, privateKey, subject } = this.vapid.current();
    const expires = now + VAPID_JWT_SECONDS;
    const header = webpush.getVapidHeaders(origin, subject, publicKey, privateKey, 'aes128gcm', expires).Authorization;
    this.vapidHeaders.set(origin, { header, expires });
    return header;
  }

  private post(url: URL, headers: Record<string, string | number>, body: Buffer): Promise<SendOutcome> {
    const secure = url.protocol === 'https:';
    return new Promise<SendOutcome>((resolve) => {
      const request = (secure ? https : http).request(url, { method: 'POST', headers, agent: secure ? this.httpsAgent : this.httpAgent, timeout: this.timeoutMs }, (response) => {
        const status = response.statusCode ?? 0;
        response.resume(); // the body is not needed; reading it frees the socket for the next push
        response.on('end', () => resolve(this.outcome(status, response.headers['retry-after'])));
        response.on('error', (error) => resolve({ kind: 'retry', reason: error.message, retryAfterMs: null }));
      });
      const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new Error(`idle for ${this.timeoutMs} ms`)));
      request.on('error', (error) => {
        clearTimeout(deadline);
        resolve(error instanceof PrivateTarget ? { kind: 'refused', reason: error.message } : { kind: 'retry', reason: error.message, retryAfterMs: null });
      });
      request.end(body);
    });
  }

  private outcome(status: number, retryAfter: string | string[] | undefined): SendOutcome {
    if (status >= 200 && status < 300) return { kind: 'delivered', status };
    if (status === 404 || status === 410) return { kind: 'gone', status };
    if (status >= 300 && status < 400) return { kind: 'refused', reason: `redirect (${status})` };
    if (status === 429 || status >= 500) return { kind: 'retry', reason: `push service answered ${status}`, retryAfterMs: retryAfterMs(retryAfter) };
    return { kind: 'failed', status };
  }

  onApplicationShutdown(): void {
    this.httpsAgent.destroy();
    this.httpAgent.destroy();
  }
}
