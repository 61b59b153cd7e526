import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { io } from 'socket.io-client';
import { HTTP_MESSAGES, MESSAGES, SOCKET_PATH } from '@cloud9/contracts';
import { PASSWORD } from '../support/app';
import { sessionCookieIn } from '../support/harness';
import { BACKEND_MAIN, ensureBackendBuilt } from '../support/build';
import { freePort, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../support/private-services';
import { RATE_LIMITS_OFF } from '../support/request-load';
import { destroyRawConnections, head, openRaw, type RawConnection } from '../support/raw-http';

/**
 * SIGTERM ends an instance within 3 s whatever state it is in: the built app
 * (`npm start`'s entry, ROLE=all: HTTP, Socket.IO and the job workers) runs as its own process on a
 * private Redis and PostgreSQL, and is sent SIGTERM idle, under load, with Redis killed, with Redis
 * silent (SIGSTOP), with PostgreSQL stopped, and while a job runs. On SIGTERM ready answers 503 and it
 * keeps serving for SHUTDOWN_DRAIN_MS (1 s), then stops accepting connections, finishes what it has
 * (a request arriving then on a connection still open is answered 503 with Retry-After, never reset),
 * closes idle keep-alive connections and its sockets (which then reconnect, to another instance), and
 * leaves its job to other workers.
 */

jest.setTimeout(90_000);

const SHUTDOWN_DEADLINE_MS = 3000;
/** SHUTDOWN_DRAIN_MS's default. */
const DRAIN_MS = 1000;
const ADMIN = { username: 'shutdown_admin', password: PASSWORD };

/** When the app logged the first line that contains `text` (its own clock: the same machine's), or null. */
function loggedAt(output: string, text: string): number | null {
  const line = output.split('\n').find((l) => l.includes(text));
  return line ? Date.parse((JSON.parse(line) as { time: string }).time) : null;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** The last answer on a raw connection: status, head and body. */
function lastAnswer(raw: RawConnection): { status: number; head: string; body: string } {
  const text = raw.text().slice(raw.text().lastIndexOf('HTTP/1.1 '));
  const split = text.indexOf('\r\n\r\n');
  return { status: Number(text.slice(9, 12)), head: text.slice(0, split), body: text.slice(split + 4) };
}

/** A refused connection's code, or what a request got: never a reset. */
const outcome = (path: string, url: string) =>
  fetch(`${url}${path}`, { headers: { connection: 'close' } }).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    (error: Error) => (error.cause as NodeJS.ErrnoException | undefined)?.code ?? error.message,
  );

interface Spawned {
  proc: ChildProcess;
  url: string;
  output: () => string;
  /** When the process exited (ms, Date.now()), with its code. */
  exited: Promise<{ at: number; code: number | null }>;
}

describe('SIGTERM ends an instance within 3 s in every state', () => {
  let redis: PrivateRedis;
  let pg: PrivatePostgres;
  const figures: string[] = [];
  const running: ChildProcess[] = [];

  beforeAll(async () => {
    ensureBackendBuilt();
    [redis, pg] = await Promise.all([startPrivateRedis(), startPrivatePostgres()]);
  });

  afterAll(async () => {
    destroyRawConnections();
    for (const proc of running) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    redis?.thaw();
    await Promise.all([redis?.stop(), pg?.drop()]);
    console.log(['SIGTERM → exit', ...figures].join('\n'));
  });

  async function spawnApp(extraEnv: Record<string, string> = {}): Promise<Spawned> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      ROLE: 'all',
      DATABASE_URL: pg.url('cloud9_shutdown'),
      REDIS_URL: redis.url,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...RATE_LIMITS_OFF,
      ...extraEnv,
    };
    const proc = spawn(process.execPath, [BACKEND_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(proc);
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    const exited = once(proc, 'exit').then(([code]) => ({ at: Date.now(), code: code as number | null }));
    const until = Date.now() + 30_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`the app exited at start:\n${output}`);
      const healthy = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > until) throw new Error(`the app never became healthy:\n${output}`);
      await sleep(100);
    }
    return { proc, url, output: () => output, exited };
  }

  /** Sends SIGTERM and returns how long the process took to exit. */
  async function terminate(app: Spawned, state: string): Promise<number> {
    const sent = Date.now();
    app.proc.kill('SIGTERM');
    const gaveUp = new AbortController();
    const { at, code } = await Promise.race([
      app.exited,
      sleep(10_000, undefined, { signal: gaveUp.signal }).then(() => ({ at: Infinity, code: null }), () => ({ at: Infinity, code: null })),
    ]);
    gaveUp.abort();
    const ms = at - sent;
    figures.push(`${state.padEnd(34)} ${Number.isFinite(ms) ? `${ms} ms` : 'did not exit in 10 s'} (exit code ${code})`);
    return ms;
  }

  const signIn = async (url: string) => {
    const res = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    return sessionCookieIn(res.headers.getSetCookie());
  };

  it('idle', async () => {
    const app = await spawnApp();
    expect(await terminate(app, 'idle')).toBeLessThan(SHUTDOWN_DEADLINE_MS);
  });

  it('under load, with a live socket: in-flight requests are answered, later ones 503 with Retry-After, the socket is closed (so it reconnects elsewhere)', async () => {
    const app = await spawnApp();
    const cookie = await signIn(app.url);
    const socket = io(app.url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    let loading = true;
    const statuses: number[] = [];
    /** Retry-After of each 503: a request that reached the instance after it stopped accepting. */
    const retryAfters: (string | null)[] = [];
    const loops = Array.from({ length: 8 }, (_, i) =>
      (async () => {
        while (loading) {
          const res = await fetch(`${app.url}${i % 2 ? '/api/posts' : '/api/me'}`, { headers: { cookie } }).catch(() => null);
          if (res) statuses.push(res.status);
          if (res?.status === 503) retryAfters.push(res.headers.get('retry-after'));
          if (!res) await sleep(20); // refused: the instance stopped accepting
        }
      })(),
    );
    await sleep(500);
    const ms = await terminate(app, 'under load (8 loops) + a socket');
    loading = false;
    await Promise.all(loops);
    socket.close();

    expect(ms).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(retryAfters.filter((r) => !/^\d+$/.test(r ?? ''))).toEqual([]);
    // 'transport close': the server dropped the connection without telling the client to stay away,
    // so a client with reconnection on (the web app's) reconnects at once, to another instance.
    expect(await disconnected).toBe('transport close');
  });

  it('with Redis killed', async () => {
    const app = await spawnApp();
    await redis.kill();
    await sleep(300);
    try {
      expect(await terminate(app, 'Redis killed')).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    } finally {
      await redis.start();
    }
  });

  it('with Redis silent (SIGSTOP)', async () => {
    const app = await spawnApp();
    redis.freeze();
    await sleep(300);
    try {
      expect(await terminate(app, 'Redis frozen (SIGSTOP)')).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    } finally {
      redis.thaw();
    }
  });

  it('with PostgreSQL stopped', async () => {
    const app = await spawnApp();
    await pg.stop();
    try {
      expect(await terminate(app, 'PostgreSQL stopped')).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    } finally {
      await pg.start();
    }
  });

  it('with SHUTDOWN_DRAIN_MS=0, while a job runs and a request waits for it: it stops accepting at once, closes idle keep-alive connections and sockets first, and exits in time', async () => {
    // No drain delay (a deploy without a balancer that probes ready): everything below happens at the signal.
    const app = await spawnApp({ SHUTDOWN_DRAIN_MS: '0' });
    const cookie = await signIn(app.url);
    // The follow-table sync waits for a lock this transaction holds: a job that will not finish soon.
    const holder = new Client({ connectionString: pg.url('cloud9_shutdown') });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE follows IN EXCLUSIVE MODE');
    const call = fetch(`${app.url}/api/admin/sync-follow-tables`, {
      method: 'POST',
      headers: { cookie, origin: app.url, 'x-requested-with': 'XMLHttpRequest' },
    }).catch((error: Error) => error);
    const waiting = async () => (await holder.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'follows'::regclass`)).rows[0].n > 0;
    while (!(await waiting())) await sleep(50);

    // An idle keep-alive connection, as a browser keeps one.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const idleSocket = await new Promise<import('node:net').Socket>((resolve, reject) => {
      const req = httpRequest(`${app.url}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket!));
      });
      req.on('error', reject);
      req.end();
    });
    const idleClosed = once(idleSocket, 'close').then(() => Date.now());
    // A live socket: closed first thing, before the requests in flight are waited for.
    const socket = io(app.url, { path: SOCKET_PATH, transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const socketClosed = new Promise<{ at: number; reason: string }>((resolve) => socket.once('disconnect', (reason) => resolve({ at: Date.now(), reason })));

    const sent = Date.now();
    const exit = terminate(app, 'a job running (waiting on a lock)');
    // New connections, tried until the process is gone: from 200 ms after SIGTERM on, none is accepted.
    const accepted: number[] = [];
    while (app.proc.exitCode === null && app.proc.signalCode === null) {
      const at = Date.now() - sent;
      if (await fetch(`${app.url}/api/health`, { headers: { connection: 'close' } }).then(() => true, () => false)) accepted.push(at);
      await sleep(20);
    }
    const ms = await exit;
    await holder.query('ROLLBACK');
    await holder.end();
    agent.destroy();
    await call;

    expect(accepted.filter((at) => at >= 200)).toEqual([]);
    expect((await idleClosed) - sent).toBeLessThan(500);
    const { at, reason } = await socketClosed;
    expect([at - sent < 500, reason]).toEqual([true, 'transport close']);
    expect(ms).toBeLessThan(SHUTDOWN_DEADLINE_MS);
  });
  it('for SHUTDOWN_DRAIN_MS (1 s) after SIGTERM it keeps serving while ready answers 503, then refuses new connections, and exits within 3 s', async () => {
    const app = await spawnApp({ LOG_LEVEL: 'info' });
    const sent = Date.now();
    const exit = terminate(app, 'drain (1 s), then close');
    await waitFor('the shutdown to begin', () => app.output().includes('SIGTERM: closing'), 5000);
    // Each on a connection of its own, as a balancer sends them, during the drain: well before its end,
    // so that none is still on its way in when the port closes ...
    const during: { at: number; feed: number | string; ready: number | string }[] = [];
    while (Date.now() - sent < DRAIN_MS * 0.6) {
      const at = Date.now() - sent;
      const [feed, ready] = await Promise.all([outcome('/api/posts', app.url), outcome('/api/health/ready', app.url)]);
      during.push({ at, feed, ready });
      await sleep(25);
    }
    // ... and once it says it stopped accepting, until it is gone.
    await waitFor('the port to close', () => app.output().includes('stopped accepting') || app.proc.exitCode !== null, 5000);
    const after: (number | string)[] = [];
    do {
      after.push(await outcome('/api/posts', app.url));
      await sleep(20);
    } while (app.proc.exitCode === null && app.proc.signalCode === null);
    const ms = await exit;
    const signalled = loggedAt(app.output(), 'SIGTERM: closing');
    const stopped = loggedAt(app.output(), 'stopped accepting');

    expect(during.length).toBeGreaterThanOrEqual(3);
    expect(during.filter((d) => d.feed !== 200 || d.ready !== 503)).toEqual([]);
    expect(stopped! - signalled!).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(after.filter((a) => a !== 'ECONNREFUSED')).toEqual([]);
    expect(ms).toBeLessThan(SHUTDOWN_DEADLINE_MS);
  });

  it('after the drain, a request on a kept-alive connection is answered 503 with Retry-After and Connection: close, one in flight gets its own answer, one still unanswered at the end a 503 (without Retry-After: a write may have been applied): none is reset', async () => {
    // A longer deadline: requests in flight may run until 80 % of it (4.8 s), which outlasts the steps below on a busy machine.
    const app = await spawnApp({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '6000' });
    const port = Number(new URL(app.url).port);
    const resets: string[] = [];
    const connect = async () => {
      const c = await openRaw(port);
      c.socket.on('error', (error: NodeJS.ErrnoException) => resets.push(error.code ?? error.message));
      return c;
    };
    const kept = await connect();
    await kept.write(head('GET /api/me HTTP/1.1', { Host: '127.0.0.1' }));
    expect(await kept.until(() => kept.text().includes('}'), 5000)).toBe(true);
    expect(lastAnswer(kept).status).toBe(401);
    expect(lastAnswer(kept).head).not.toMatch(/\r\nConnection: close/i);
    // Two sign-ins in flight: their bodies not all sent yet.
    const login = JSON.stringify({ username: 'shutdown_nobody', password: 'not the password' });
    const [finishing, unfinished] = await Promise.all([connect(), connect()]);
    for (const c of [finishing, unfinished]) {
      await c.write(head('POST /api/login HTTP/1.1', { Host: '127.0.0.1', Origin: app.url, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(login) }) + login.slice(0, 10));
    }
    // One round trip after those writes, then a pause: the server has read them (see health-ready.int-spec).
    expect(await outcome('/api/health/live', app.url)).toBe(200);
    await sleep(500);

    const exit = terminate(app, 'drain, then requests on open connections');
    await waitFor('the port to close', () => app.output().includes('stopped accepting'), 10_000);
    await kept.write(head('GET /api/me HTTP/1.1', { Host: '127.0.0.1' }));
    await finishing.write(login.slice(10));
    expect(await Promise.all([kept, finishing, unfinished].map((c) => c.closedWithin(8000)))).toEqual([true, true, true]);
    await exit;

    const refused = lastAnswer(kept);
    expect(refused.status).toBe(503);
    expect(refused.head).toMatch(/\r\nRetry-After: \d+/i);
    expect(refused.head).toMatch(/\r\nConnection: close/i);
    expect(JSON.parse(refused.body)).toEqual({ success: false, statusCode: 503, error: MESSAGES.health.draining });
    // The sign-in that was in flight got its own answer (wrong credentials), and the connection closed after it.
    expect(lastAnswer(finishing).status).toBe(401);
    expect(lastAnswer(finishing).head).toMatch(/\r\nConnection: close/i);
    const late = lastAnswer(unfinished);
    expect([late.status, /\r\nRetry-After:/i.test(late.head), /\r\nConnection: close/i.test(late.head)]).toEqual([503, false, true]);
    expect(JSON.parse(late.body)).toEqual({ success: false, statusCode: 503, error: HTTP_MESSAGES.serviceUnavailable });
    expect(resets).toEqual([]);
    expect(await app.exited).toEqual({ at: expect.any(Number), code: 0 });
  });
});
