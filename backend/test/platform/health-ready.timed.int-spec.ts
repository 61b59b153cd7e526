import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { AddressInfo } from 'node:net';
import { MESSAGES } from '@cloud9/contracts';
import { bootApp, type TestApp } from '../support/app';
import { BACKEND_MAIN, ensureBackendBuilt } from '../support/build';
import { freePort, startPrivateRedis, type PrivateRedis } from '../support/private-services';
import { destroyRawConnections, openRaw } from '../support/raw-http';

/**
 * The orchestrator's probes. Live answers while the process runs and asks nothing; ready answers
 * 200 only while PostgreSQL and Redis answer and the instance is not shutting down, else 503 with a
 * catalogue message, always within about a second.
 */

jest.setTimeout(90_000);

/** Polls `check` until it holds (a condition, not a fixed wait); fails after `timeoutMs`. */
async function until<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

const body = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);

describe('ready turns 503 from the moment SIGTERM arrives (the built app, as its own process)', () => {
  let proc: ChildProcess | null = null;
  beforeAll(() => ensureBackendBuilt());
  afterAll(() => {
    destroyRawConnections();
    if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });

  it('live stays 200, ready answers 503 draining to a request that arrives during the drain', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    proc = spawn(process.execPath, [BACKEND_MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: `${process.env.DATABASE_URL}_ready`,
        LOG_LEVEL: 'info',
        // Long enough a drain that the in-flight request below holds it open while the probes are asked,
        // on a machine busy enough to take seconds over an answer.
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    const exited = once(proc, 'exit');

    const ready = await until('ready at start', () => fetch(`${url}/api/health/ready`).then((r) => r.status, () => 0), (s) => s === 200, 30_000);
    expect(ready).toBe(200);
    const live = await fetch(`${url}/api/health/live`);
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }]);

    // A request in flight (its body not all sent) keeps the drain open after SIGTERM.
    const slow = await openRaw(port);
    await slow.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${url}\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"username":`);
    // Probes whose first bytes arrived before SIGTERM (connections the server no longer accepts after it).
    const readyProbe = await openRaw(port);
    const liveProbe = await openRaw(port);
    await readyProbe.write('GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await liveProbe.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // One full round trip after those writes, then a pause: on a busy machine the server may answer the
    // round trip before it reads the probes' sockets, and a connection it has read nothing from is idle
    // (closed at SIGTERM, rightly).
    expect((await fetch(`${url}/api/health/live`, { headers: { connection: 'close' } })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));

    proc.kill('SIGTERM');
    await until('the shutdown to begin', async () => output, (o) => o.includes('SIGTERM: closing'), 5000);
    await readyProbe.write('\r\n');
    await liveProbe.write('\r\n');
    const answered = (probe: typeof readyProbe) => probe.until(() => probe.text().includes('}'), 15_000);
    expect(await Promise.all([answered(readyProbe), answered(liveProbe)])).toEqual([true, true]);

    expect(statusOf(readyProbe.text())).toBe(503);
    expect(body(readyProbe.text())).toEqual({
      success: false,
      statusCode: 503,
      error: MESSAGES.health.draining,
      status: 'not-ready',
      database: 'unknown',
      redis: 'unknown',
      draining: true,
    });
    expect(readyProbe.text()).toMatch(/\r\nConnection: close\r\n/i);
    expect(statusOf(liveProbe.text())).toBe(200);

    slow.socket.destroy();
    const [code] = await exited;
    expect(code).toBe(0);
  });
});

describe('ready with Redis away', () => {
  let redis: PrivateRedis;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startPrivateRedis({ appendonly: false });
    t = await bootApp({ REDIS_URL: redis.url });
  });

  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const probe = async (path: string) => {
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: Date.now() - started };
  };

  it('answers 503 with a catalogue message within about a second while Redis is down, live stays 200, and ready comes back with Redis', async () => {
    await new Promise<void>((resolve) => t.app.getHttpServer().listen(0, '127.0.0.1', resolve));
    expect((await probe('/api/health/ready')).status).toBe(200);

    await redis.kill();
    const down = await until('ready with Redis down', () => probe('/api/health/ready'), (a) => a.status === 503);
    expect(down.body).toEqual({
      success: false,
      statusCode: 503,
      error: MESSAGES.health.dependencyDown,
      status: 'not-ready',
      database: 'up',
      redis: 'down',
      draining: false,
    });
    // Bounded: the probes have a deadline, so a dead or silent Redis never hangs the answer.
    for (let i = 0; i < 3; i++) expect((await probe('/api/health/ready')).ms).toBeLessThan(1500);
    const live = await probe('/api/health/live');
    expect([live.status, live.body]).toEqual([200, { status: 'live' }]);

    await redis.start();
    const back = await until('ready with Redis back', () => probe('/api/health/ready'), (a) => a.status === 200);
    expect(back.body).toEqual({ status: 'ready', database: 'up', redis: 'up', draining: false });
  });
});
