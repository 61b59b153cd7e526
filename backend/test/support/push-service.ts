import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';
import type { PushPayload } from '@cloud9/contracts';

/** How a subscription's endpoint answers, one entry per delivery (the last repeats): a status, or a redirect. */
export type PushAnswer = number | { status: number; retryAfter?: string } | 'redirect';

/** A push the loopback service took, verified and decrypted. */
export interface ReceivedPush {
  subscription: string;
  status: number;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  /** The VAPID JWT's claims and the key it was checked against. */
  vapid: { aud: string; exp: number; sub: string; key: string };
  payload: PushPayload;
  at: number;
}

interface Device {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  answers: PushAnswer[];
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** The P-256 public key `k` (base64url uncompressed point) as a KeyObject. */
function p256Key(k: string) {
  const point = Buffer.from(k, 'base64url');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, format: 'jwk' });
}

/**
 * A push service on loopback speaking the Web Push protocol (RFC 8030, 8291, 8292) as a browser's
 * would: each `device()` is a subscription with its own client keys (ECDH P-256 and 16 auth bytes);
 * a POST to its endpoint must carry a VAPID JWT (`Authorization: vapid t=..., k=...`, ES256, `aud` the
 * origin, `exp` within 24 h) signed by `expectedKey` when set, and an aes128gcm body, which it
 * decrypts with the device's private key (http_ece). A push that fails either is answered 400 (or 403)
 * and not kept. Answers per device follow its `answers` (201 by default; 404, 410, 429 with
 * Retry-After, 503, a redirect).
 */
export class LoopbackPushService {
  readonly received: ReceivedPush[] = [];
  readonly refused: { subscription: string; status: number; why: string }[] = [];
  expectedKey: string | null = null;
  private readonly devices = new Map<string, Device>();
  private server: Server | null = null;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A new subscription, as PushSubscription.toJSON() gives it. */
  device(answers: PushAnswer[] = [201], origin = this.origin): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const id = b64url(randomBytes(12));
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device: Device = { id, ecdh, auth: randomBytes(16), answers: [...answers] };
    this.devices.set(id, device);
    return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(device.auth) } };
  }

  /** The pushes a subscription (by its endpoint) received. */
  to(endpoint: string): ReceivedPush[] {
    const id = endpoint.split('/').pop();
    return this.received.filter((p) => p.subscription === id);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = (req.url ?? '').split('/').pop() ?? '';
    const device = this.devices.get(id);
    const refuse = (status: number, why: string) => {
      this.refused.push({ subscription: id, status, why });
      res.writeHead(status).end(why);
    };
    if (req.method !== 'POST' || !device) return refuse(404, 'no such subscription');
    const answer = device.answers.length > 1 ? device.answers.shift()! : device.answers[0];
    const vapid = this.checkVapid(req.headers.authorization);
    if (typeof vapid === 'string') return refuse(403, vapid);
    let payload: PushPayload;
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      payload = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: b64url(device.auth) }).toString('utf8')) as PushPayload;
    } catch (error) {
      return refuse(400, `undecryptable: ${(error as Error).message}`);
    }
    if (answer === 'redirect') {
      res.writeHead(307, { Location: `${this.origin}/push/${id}/elsewhere` }).end();
      return;
    }
    const { status, retryAfter } = typeof answer === 'number' ? { status: answer, retryAfter: undefined } : answer;
    this.received.push({
      subscription: id,
      status,
      ttl: req.headers.ttl as string | undefined,
      urgency: req.headers.urgency as string | undefined,
      topic: req.headers.topic as string | undefined,
      contentEncoding: req.headers['content-encoding'],
      vapid,
      payload,
      at: Date.now(),
    });
    res.writeHead(status, retryAfter ? { 'Retry-After': retryAfter } : {}).end();
  }

  /** The JWT's claims when `vapid t=<jwt>, k=<key>` holds (ES256 by k, aud = this origin, exp within 24 h); else why not. */
  private checkVapid(header: string | undefined): ReceivedPush['vapid'] | string {
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
    if (!match) return 'no VAPID authorization';
    const [, jwt, k] = match;
    if (this.expectedKey && k !== this.expectedKey) return 'unknown application server key';
    const [head, claims, signature] = jwt.split('.');
    if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') return 'not ES256';
    const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key: p256Key(k), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!ok) return 'bad VAPID signature';
    const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
    const now = Date.now() / 1000;
    if (aud !== this.origin) return `aud ${aud} is not ${this.origin}`;
    if (!(exp > now && exp <= now + 24 * 3600)) return 'exp out of range';
    if (!/^(mailto:|https:)/.test(sub)) return 'sub is not mailto: or https:';
    return { aud, exp, sub, key: k };
  }
}
