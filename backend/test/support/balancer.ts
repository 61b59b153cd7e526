import { createServer, Agent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createProxyServer } from 'http-proxy-3';

/** How often each backend's readiness probe is asked (a real balancer's interval, shortened). */
const PROBE_EVERY_MS = 100;
/** How long a request waits for some backend to be ready before it is answered 502. */
const NO_BACKEND_WAIT_MS = 5000;
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Connection errors that prove the backend never received the request. */
const NEVER_SENT = new Set(['ECONNREFUSED']);

/**
 * A request with this header (a backend's URL) goes to that backend while it is ready: affinity, as the
 * compose nginx's hash or an ingress cookie keeps a client on one instance. Otherwise, round robin.
 */
export const PIN_HEADER = 'x-balancer-pin';
/** Set on every proxied answer: the backend that gave it. */
export const SERVED_BY_HEADER = 'x-served-by';

interface Backend {
  url: string;
  ready: boolean;
  /** When a probe last found it not ready after it was ready (ms, Date.now()). */
  leftAt?: number;
}

/** What the balancer did, for the suite's figures. */
export interface BalancerCounts {
  requests: number;
  retried: number;
  failed: number;
  upgrades: number;
  upgradesRetried: number;
  /** Backend connection errors by code. */
  errors: Record<string, number>;
}

/**
 * A small load balancer on loopback, as production puts in front of the API instances: round robin
 * over the backends whose GET /api/health/ready answers 200 (asked every 100 ms; a refused
 * connection takes a backend out at once), WebSocket upgrades forwarded, and a request that failed
 * before the backend could act on it tried on the next backend: GET/HEAD on any connection error
 * before a response began, any method when the connection was refused or reset before a byte of it
 * was written; affinity on request (PIN_HEADER). Backend connections are kept alive, as nginx's
 * `keepalive` and ingress-nginx keep them, so a request may be written on a connection the backend
 * is about to close: what a deploy has to survive. Request bodies are read whole first (they are
 * small JSON here) so a retry can send them again.
 */
export class Balancer {
  readonly counts: BalancerCounts = { requests: 0, retried: 0, failed: 0, upgrades: 0, upgradesRetried: 0, errors: {} };
  private readonly backends: Backend[] = [];
  private next = 0;
  private server: Server | null = null;
  private probing = false;
  /** An idle connection is let go a second before the backend's Keep-Alive timeout (Node's agent follows that hint only with a timeout of its own). */
  private readonly agent = new Agent({ keepAlive: true, timeout: 60_000 });
  /**
   * How long an answer may take: above the app's longest wait (ADMIN_JOB_WAIT_MS, 30 s, after which a
   * job start answers 202), as the deployed nginx (proxy_read_timeout 1h). At 30 s exactly, a job start
   * whose job waited for a restarting worker raced the cut: the balancer reset it at 30 s (ECONNRESET
   * after the request was written, which no balancer may resend for a write: a 502).
   */
  private readonly proxy = createProxyServer({ agent: this.agent, ws: true, xfwd: true, proxyTimeout: 90_000 });

  constructor() {
    this.proxy.setMaxListeners(0); // one 'proxyReq' listener per request in flight
  }
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.web(req, res));
    this.server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => void this.ws(req, socket, head));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.probing = true;
    void this.probeLoop();
    return this.url;
  }

  resetCounts(): void {
    Object.assign(this.counts, { requests: 0, retried: 0, failed: 0, upgrades: 0, upgradesRetried: 0, errors: {} });
  }

  add(url: string): void {
    if (!this.backends.some((b) => b.url === url)) this.backends.push({ url, ready: false });
  }

  isReady(url: string): boolean {
    return this.backends.find((b) => b.url === url)?.ready ?? false;
  }

  /** When the probe last took this backend out (it was ready, then was not), if it ever did. */
  leftAt(url: string): number | undefined {
    return this.backends.find((b) => b.url === url)?.leftAt;
  }

  async stop(): Promise<void> {
    this.probing = false;
    this.proxy.close();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
    this.agent.destroy();
  }

  private async probeLoop(): Promise<void> {
    while (this.probing) {
      await Promise.all(
        this.backends.map(async (b) => {
          const ready = await fetch(`${b.url}/api/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
            (res) => res.status === 200,
            () => false,
          );
          if (b.ready && !ready) b.leftAt = Date.now();
          b.ready = ready;
        }),
      );
      await sleep(PROBE_EVERY_MS);
    }
  }

  /** The pinned backend while it is ready, else the next ready backend after `tried` (round robin), waiting a moment when none is ready. */
  private async pick(tried: Set<string>, pin?: string): Promise<Backend | null> {
    const until = Date.now() + NO_BACKEND_WAIT_MS;
    for (;;) {
      const ready = this.backends.filter((b) => b.ready);
      const pinned = pin && !tried.has(pin) ? ready.find((b) => b.url === pin) : undefined;
      if (pinned) return pinned;
      const fresh = ready.filter((b) => !tried.has(b.url));
      const pool = fresh.length > 0 ? fresh : ready;
      if (pool.length > 0) return pool[this.next++ % pool.length];
      if (Date.now() > until) return null;
      await sleep(20);
    }
  }

  private async web(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.counts.requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const tried = new Set<string>();
    const pin = req.headers[PIN_HEADER];
    for (let attempt = 0; attempt < 4; attempt++) {
      const backend = await this.pick(tried, typeof pin === 'string' ? pin : undefined);
      if (!backend) break;
      tried.add(backend.url);
      res.setHeader(SERVED_BY_HEADER, backend.url);
      let upstream: Socket | null = null;
      const outcome = await new Promise<'done' | 'retry' | 'failed'>((resolve) => {
        const onProxyReq = (_proxyReq: unknown, r: IncomingMessage, _res: unknown, _options: unknown, socket: Socket) => {
          if (r === req) upstream = socket;
        };
        this.proxy.on('proxyReq', onProxyReq);
        res.once('finish', () => resolve('done'));
        res.once('close', () => resolve('done'));
        this.proxy.web(req, res, { target: backend.url, buffer: Readable.from([body]) }, (error: NodeJS.ErrnoException) => {
          this.proxy.off('proxyReq', onProxyReq);
          this.counts.errors[error.code ?? error.message] = (this.counts.errors[error.code ?? error.message] ?? 0) + 1;
          const refused = NEVER_SENT.has(error.code ?? '');
          if (refused) backend.ready = false;
          const resetUnsent = error.code === 'ECONNRESET' && ((upstream as Socket | null)?.bytesWritten ?? 0) === 0;
          if (!res.headersSent && (IDEMPOTENT.has(req.method ?? '') || refused || resetUnsent)) return resolve('retry');
          resolve('failed');
        });
        res.once('close', () => this.proxy.off('proxyReq', onProxyReq));
      });
      if (outcome === 'done') return;
      if (outcome === 'failed') break;
      this.counts.retried++;
    }
    this.counts.failed++;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('no backend answered');
    else res.destroy();
  }

  /**
   * http-proxy ends the client's socket when the backend refuses an upgrade, so a refused upgrade
   * cannot be retried: the backend is tried with a bare TCP connection first, and one that refuses
   * is taken out before the upgrade goes to the next.
   */
  private async ws(req: IncomingMessage, socket: Socket, head: Buffer): Promise<void> {
    this.counts.upgrades++;
    const tried = new Set<string>();
    for (let attempt = 0; attempt < 4 && !socket.destroyed; attempt++) {
      const backend = await this.pick(tried);
      if (!backend) break;
      tried.add(backend.url);
      if (!(await accepts(backend.url))) {
        backend.ready = false;
        this.counts.upgradesRetried++;
        continue;
      }
      this.proxy.ws(req, socket, head, { target: backend.url }, (error: NodeJS.ErrnoException) => {
        if (NEVER_SENT.has(error.code ?? '')) backend.ready = false;
      });
      return;
    }
    socket.destroy();
  }
}

/** Whether the backend accepts a TCP connection now (a draining or dead one refuses). */
function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const probe = connect({ host: hostname, port: Number(port) });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
